/**
 * A line as the reader reads it, in the fixtures' terms (status, value, unit's name, name,
 * note), so that both line tables compare it in one way.
 */
import { Unite } from '../../src/enums.js';
import type { ReadLine } from '../../src/recipe-reading/types.js';

export function lineAsRow(read: ReadLine) {
  const unite = read.quantity?.unite;
  return {
    status: read.status,
    val: read.quantity?.val ?? null,
    unit:
      unite === undefined
        ? null
        : (Object.keys(Unite) as (keyof typeof Unite)[]).find((k) => Unite[k] === unite),
    name: read.name,
    note: read.note,
  };
}
