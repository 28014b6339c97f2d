import { describe, expect, it } from 'vitest';
import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_LENGTH,
  matchesSearch,
  normalizeSearchText,
  hasEveryWord,
  parseSearchQuery,
  searchWords,
  stripAccents,
} from './text.js';

describe('normalizeSearchText', () => {
  it('ignores spaces, accents and case', () => {
    expect(normalizeSearchText('Crème  Fraîche')).toBe('cremefraiche');
    expect(normalizeSearchText(' PÂTES au beurre ')).toBe('patesaubeurre');
  });
  it('folds ligatures', () => {
    expect(stripAccents('Œufs, cœur')).toBe('OEufs, coeur');
  });
});

describe('parseSearchQuery', () => {
  it('exports the spec constants', () => {
    expect(SEARCH_MIN_LENGTH).toBe(2);
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
  });
  it('lists a whole type with :I, :R and :M, in any case and with spaces around', () => {
    expect(parseSearchQuery(':I')).toEqual({ kind: 'all-ingredients' });
    expect(parseSearchQuery(':i')).toEqual({ kind: 'all-ingredients' });
    expect(parseSearchQuery('  :r ')).toEqual({ kind: 'all-recipes' });
    expect(parseSearchQuery(':M')).toEqual({ kind: 'all-menus' });
    expect(parseSearchQuery(':m')).toEqual({ kind: 'all-menus' });
  });
  it('treats other colon words as text', () => {
    expect(parseSearchQuery(':X')).toEqual({ kind: 'text', needle: ':x', words: [':x'] });
    expect(parseSearchQuery(': I')).toEqual({ kind: 'text', needle: ':i', words: [':', 'i'] });
  });
  it('normalises the needle', () => {
    expect(parseSearchQuery('  Crème Brûlée ')).toEqual({
      kind: 'text',
      needle: 'cremebrulee',
      words: ['creme', 'brulee'],
    });
    expect(parseSearchQuery('ŒUF')).toEqual({ kind: 'text', needle: 'oeuf', words: ['oeuf'] });
  });
  it('asks for two characters, counted without spaces', () => {
    expect(parseSearchQuery('')).toEqual({ kind: 'too-short' });
    expect(parseSearchQuery('a')).toEqual({ kind: 'too-short' });
    expect(parseSearchQuery(' é ')).toEqual({ kind: 'too-short' });
    expect(parseSearchQuery(':')).toEqual({ kind: 'too-short' });
    expect(parseSearchQuery('a b')).toEqual({ kind: 'text', needle: 'ab', words: ['a', 'b'] });
    expect(parseSearchQuery('œ')).toEqual({ kind: 'text', needle: 'oe', words: ['oe'] });
  });
});

describe('multi-word search', () => {
  it('needs every word, anywhere and in any order', () => {
    expect(matchesSearch('Pâtes à la bolognaise', 'pates bolo')).toBe(true);
    expect(matchesSearch('Pâtes à la bolognaise', 'BOLO  pâtes')).toBe(true);
    expect(matchesSearch('Pâtes à la bolognaise', 'pates carbo')).toBe(false);
    expect(hasEveryWord('patesalabolognaise', searchWords('pâtes bolo'))).toBe(true);
    expect(searchWords('  Crème   Brûlée ')).toEqual(['creme', 'brulee']);
    expect(searchWords('   ')).toEqual([]);
  });
});

describe('matchesSearch', () => {
  it('matches ignoring spaces, accents and case', () => {
    expect(matchesSearch('Crème fraîche épaisse', 'fraiche')).toBe(true);
    expect(matchesSearch('Crème fraîche', 'EME FR')).toBe(true);
    expect(matchesSearch('Pâtes', 'pates')).toBe(true);
    expect(matchesSearch('Bœuf bourguignon', 'boeufbourg')).toBe(true);
  });
  it('accepts a needle from parseSearchQuery', () => {
    const query = parseSearchQuery('Crème Brûlée');
    expect(query.kind === 'text' && matchesSearch('Ma crème brûlée', query.needle)).toBe(true);
  });
  it('refuses what is not contained', () => {
    expect(matchesSearch('Pâtes', 'riz')).toBe(false);
    expect(matchesSearch('Riz', 'rizotto')).toBe(false);
  });
  it('matches everything with an empty needle', () => {
    expect(matchesSearch('Pâtes', '')).toBe(true);
  });
});
