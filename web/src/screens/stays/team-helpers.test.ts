import { describe, expect, it } from 'vitest';
import type { StayInvitation } from '@popote/domain';
import {
  asRole,
  expiryText,
  invitationTarget,
  namesList,
  openInvitations,
  ROLE_CHOICES,
} from './team-helpers';

const invitation = (over: Partial<StayInvitation>): StayInvitation => ({
  id: 1,
  stayId: 9,
  owner: 2,
  role: 'keep',
  mail: null,
  token: 't',
  created: '2025-07-01T10:00:00.000Z',
  expires: '2025-07-08T10:00:00.000Z',
  usedBy: null,
  ...over,
});

describe('team dialog rules', () => {
  it('offers the three roles by their names', () => {
    expect(ROLE_CHOICES.map((c) => c.label)).toEqual(['Organisation', 'Cuisine', 'Lecture']);
    expect(ROLE_CHOICES.map((c) => c.value)).toEqual(['plan', 'keep', 'read']);
    expect(asRole('read')).toBe('read');
    expect(asRole(null)).toBeNull();
    expect(asRole('owner')).toBeNull();
  });

  it('lists the open invitations, newest first', () => {
    const now = Date.parse('2025-07-05T00:00:00Z');
    const list = [
      invitation({ id: 1 }),
      invitation({
        id: 2,
        created: '2025-07-02T10:00:00.000Z',
        expires: '2025-07-09T10:00:00.000Z',
      }),
      invitation({ id: 3, usedBy: 5, mail: 'ana@exemple.fr' }),
      invitation({ id: 4, expires: '2025-07-04T10:00:00.000Z' }),
    ];
    expect(openInvitations(list, now).map((i) => i.id)).toEqual([2, 1]);
  });

  it('names an invitation by its address or as a link, and says when it ends', () => {
    expect(invitationTarget({ mail: 'ana@exemple.fr' })).toBe('ana@exemple.fr');
    expect(invitationTarget({ mail: null })).toBe('Lien');
    expect(expiryText('2025-07-08T10:00:00.000Z', () => 120)).toBe(
      'Expire le 8 juillet 2025 à 12:00',
    );
    expect(expiryText('2025-08-01T22:30:00.000Z', () => 0)).toBe('Expire le 1er août 2025 à 22:30');
  });
});

describe('namesList', () => {
  it("names a team's members in a French sentence", () => {
    expect(namesList([])).toBe('');
    expect(namesList(['Carol'])).toBe('« Carol »');
    expect(namesList(['Carol', 'Bob'])).toBe('« Carol » et « Bob »');
    expect(namesList(['A', 'B', 'C'])).toBe('« A », « B » et « C »');
  });
});
