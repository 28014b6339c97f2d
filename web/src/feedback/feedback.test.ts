import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dismissError,
  dismissSuccess,
  getFeedback,
  notifyError,
  notifySuccess,
  subscribeFeedback,
  UNDO_LIFETIME_MS,
} from './feedback';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
});
afterEach(() => {
  for (const m of getFeedback().successes) dismissSuccess(m.id);
  dismissError();
  vi.useRealTimers();
});

describe('success messages', () => {
  it('keeps a message that offers to undo for at least 10 seconds', () => {
    let undone = 0;
    notifySuccess('Repas supprimé avec succès', { label: 'Annuler', run: () => undone++ });
    notifySuccess('Menu mis à jour avec succès');
    vi.advanceTimersByTime(9999);
    expect(getFeedback().successes.map((m) => m.text)).toEqual(['Repas supprimé avec succès']);
    getFeedback().successes[0]!.action!.run();
    expect(undone).toBe(1);
    vi.advanceTimersByTime(UNDO_LIFETIME_MS - 9999);
    expect(getFeedback().successes).toEqual([]);
  });

  it('lists each message with its time and removes it after 4000 ms', () => {
    notifySuccess('Repas ajouté avec succès');
    vi.advanceTimersByTime(1000);
    notifySuccess('Repas supprimé avec succès');
    expect(getFeedback().successes.map((m) => [m.text, m.at.toISOString()])).toEqual([
      ['Repas ajouté avec succès', '2025-03-01T10:00:00.000Z'],
      ['Repas supprimé avec succès', '2025-03-01T10:00:01.000Z'],
    ]);
    vi.advanceTimersByTime(3000);
    expect(getFeedback().successes.map((m) => m.text)).toEqual(['Repas supprimé avec succès']);
    vi.advanceTimersByTime(1000);
    expect(getFeedback().successes).toEqual([]);
  });

  it('closes one message on demand and tells subscribers', () => {
    const seen: number[] = [];
    const unsubscribe = subscribeFeedback(() => seen.push(getFeedback().successes.length));
    notifySuccess('a');
    notifySuccess('b');
    dismissSuccess(getFeedback().successes[0]!.id);
    unsubscribe();
    expect(getFeedback().successes.map((m) => m.text)).toEqual(['b']);
    expect(seen).toEqual([1, 2, 1]);
  });
});

describe('error snackbar', () => {
  it('shows one error for 4000 ms; a newer error replaces it and gets the full time', () => {
    notifyError({ title: 'Erreur du client', html: 'un' });
    vi.advanceTimersByTime(3000);
    notifyError({ title: 'Aucune réponse du serveur', html: 'deux' });
    vi.advanceTimersByTime(3000);
    expect(getFeedback().error).toMatchObject({ title: 'Aucune réponse du serveur', html: 'deux' });
    vi.advanceTimersByTime(1000);
    expect(getFeedback().error).toBeNull();
  });

  it('ignores the close of an error that is no longer shown', () => {
    notifyError({ title: 'A', html: '' });
    const first = getFeedback().error!.id;
    notifyError({ title: 'B', html: '' });
    dismissError(first);
    expect(getFeedback().error?.title).toBe('B');
  });
});
