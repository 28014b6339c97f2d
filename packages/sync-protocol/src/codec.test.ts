import { describe, expect, it } from 'vitest';
import { decodeAnswer, encodeDelOp, encodePullResponse, encodePutOp } from './index.js';

describe('pull answers', () => {
  it('encodes a page that the device decodes to the same operations', () => {
    const row = '{"id":7,"owner":2,"name":"Camp « été »","start":"2026-07-01"}';
    const text = encodePullResponse({
      cookie: 12,
      lastMutationId: 3,
      more: true,
      cursor: 'abc',
      rejections: [
        {
          mutationId: 2,
          name: 'createStay',
          args: { id: 1 },
          message: 'Non.',
          at: '2026-01-01T00:00:00.000Z',
        },
      ],
      patch: [encodePutOp('stays', row), encodeDelOp('meals', 9)],
    });
    expect(decodeAnswer('pull', JSON.parse(text))).toEqual({
      cookie: 12,
      lastMutationId: 3,
      more: true,
      cursor: 'abc',
      rejections: [
        {
          mutationId: 2,
          name: 'createStay',
          args: { id: 1 },
          message: 'Non.',
          at: '2026-01-01T00:00:00.000Z',
        },
      ],
      patch: [
        { op: 'put', table: 'stays', row: JSON.parse(row) },
        { op: 'del', table: 'meals', id: 9 },
      ],
    });
  });

  it('refuses answers of another shape', () => {
    expect(
      decodeAnswer('pull', {
        cookie: 1,
        lastMutationId: 0,
        more: false,
        cursor: null,
        rejections: [],
        patch: [{ op: 'put', table: 'nope', row: {} }],
      }),
    ).toBeNull();
    expect(decodeAnswer('push', { lastMutationId: -1 })).toBeNull();
    expect(decodeAnswer('ids', { first: 1 })).toBeNull();
    expect(decodeAnswer('ids', { first: 1, count: 5 })).toEqual({ first: 1, count: 5 });
  });
});
