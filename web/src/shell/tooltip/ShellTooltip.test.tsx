import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ShellTooltip } from './ShellTooltip';

afterEach(cleanup);

describe('ShellTooltip', () => {
  it('shows its label while the mouse is over the element, and hides it when it leaves', () => {
    let entered = 0;
    render(
      <ShellTooltip label="Organisation du séjour en cours" position="right" withArrow>
        <a href="/agenda" onMouseEnter={() => entered++}>
          Agenda
        </a>
      </ShellTooltip>,
    );
    const link = screen.getByRole('link', { name: 'Agenda' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(link);
    expect(screen.getByRole('tooltip').textContent).toBe('Organisation du séjour en cours');
    expect(screen.getByRole('tooltip').dataset.position).toBe('right');
    // The element's own handler still runs.
    expect(entered).toBe(1);
    fireEvent.mouseLeave(link);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('keeps the element itself in place: the same node before, during and after', () => {
    render(
      <ShellTooltip label="Dernière synchronisation">
        <span data-testid="badge">À jour</span>
      </ShellTooltip>,
    );
    const before = screen.getByTestId('badge');
    fireEvent.mouseEnter(before);
    expect(screen.getByTestId('badge')).toBe(before);
    fireEvent.mouseLeave(before);
    expect(screen.getByTestId('badge')).toBe(before);
  });

  it('Escape hides it (hover content must be dismissible)', () => {
    render(
      <ShellTooltip label="Listes de courses">
        <button type="button">Courses</button>
      </ShellTooltip>,
    );
    fireEvent.mouseEnter(screen.getByRole('button'));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
