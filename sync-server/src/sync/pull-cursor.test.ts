import { describe, expect, it } from 'vitest';
import { decodePullCursor, encodePullCursor } from './pull-cursor.js';

/** Cursors as servers before the named fields wrote them (a device mid-pull may hold one). */
const OLD_INCREMENTAL =
  'eyJ2IjoxMjAsIm0iOjcsImsiOiJpbmMiLCJjIjo0MCwidCI6OTUsInRiIjoibWVhbHMiLCJpIjozMDIxfQ';
const OLD_FULL = 'eyJ2IjoxMjAsIm0iOjcsImsiOiJmdWxsIiwiYyI6MCwidCI6MiwidGIiOiIiLCJpIjo4OH0';

describe('pull cursor', () => {
  it('reads a cursor written before the fields had names', () => {
    expect(decodePullCursor(OLD_INCREMENTAL)).toEqual({
      snapshotVersion: 120,
      lastMutationId: 7,
      mode: 'incremental',
      sinceCookie: 40,
      after: { tableIndexOrVersion: 95, table: 'meals', id: 3021 },
    });
    expect(decodePullCursor(OLD_FULL)).toEqual({
      snapshotVersion: 120,
      lastMutationId: 7,
      mode: 'full',
      sinceCookie: 0,
      after: { tableIndexOrVersion: 2, table: '', id: 88 },
    });
  });

  it('writes the same text on the wire as before', () => {
    expect(encodePullCursor(decodePullCursor(OLD_INCREMENTAL))).toBe(OLD_INCREMENTAL);
    expect(encodePullCursor(decodePullCursor(OLD_FULL))).toBe(OLD_FULL);
    const text = encodePullCursor(decodePullCursor(OLD_INCREMENTAL));
    expect(Object.keys(JSON.parse(Buffer.from(text, 'base64url').toString()))).toEqual([
      'v',
      'm',
      'k',
      'c',
      't',
      'tb',
      'i',
    ]);
  });

  it('refuses a cursor that is not one', () => {
    const forged = Buffer.from(JSON.stringify({ v: -1, m: 0, k: 'inc', c: 0, t: 0, tb: '', i: 0 }));
    for (const text of ['', 'not base64 json', forged.toString('base64url')]) {
      expect(() => decodePullCursor(text)).toThrow('Curseur de synchronisation invalide.');
    }
  });
});
