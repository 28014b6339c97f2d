/**
 * Generators of hostile payloads for the fuzz suite (issue 15): values of the expected shape
 * (read from the original contract's table or from a mutator's TypeBox schema) in which any
 * field may be missing, of the wrong type, huge, nested deep, a number JSON can carry but
 * JavaScript cannot hold (1e309, -0), an id of another user's row, or a prototype key.
 * Mostly well formed, so that the rules behind the validation are reached too.
 */
import fc from 'fast-check';
import { Kind, OptionalKind, type TSchema } from '@sinclair/typebox';
import type { TableName } from '@popote/domain';
import { CONTRACT_SHAPES } from '../original-contract.js';

// ---- JSON text that JSON.stringify cannot write ----
//
// Numbers as their raw text (1e309 parses to Infinity, -0, 9007199254740993 loses precision)
// and objects whose keys include `__proto__` as an own key (an object literal would set the
// prototype instead).
/** A JSON token written as is. */
export class Raw {
  constructor(readonly text: string) {}
}

/** An object as its list of key/value pairs, in order, duplicates and `__proto__` allowed. */
export class Pairs {
  constructor(readonly pairs: readonly (readonly [string, unknown])[]) {}
}

/** The JSON text of a value that may hold Raw and Pairs anywhere. */
export function jsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof Pairs) {
    return `{${value.pairs.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return jsonText(new Pairs(Object.entries(value)));
  }
  // undefined (a dropped value inside an array) and NaN are written as JSON writes them.
  return JSON.stringify(value) ?? 'null';
}

/** The value as the server will see it once parsed (Raw and Pairs turned into plain JSON). */
export function parsed(value: unknown): unknown {
  return JSON.parse(jsonText(value)) as unknown;
}

/** Ids the generators draw from, per table: the acting user's rows, and everyone else's. */
export interface IdPools {
  own: Partial<Record<TableName, number[]>>;
  /** Other users' rows (their private ones too), the catalogue's, deleted rows. */
  others: Partial<Record<TableName, number[]>>;
  /** First id of a block leased to the acting user (for new rows), or null. */
  fresh: number | null;
  /** The table an `id` field refers to (a mutator's own table), and whether it is a new row. */
  subject?: { table: TableName | null; creates: boolean };
}

// ---- Hostile leaves ----

export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    ...[
      '1e309',
      '-1e309',
      '1E400',
      '-0',
      '-0.0',
      '1e-400',
      '9007199254740993',
      '-9007199254740993',
      '123456789012345678901234567890',
      '1e21',
      '0.5',
      '-1',
      '0',
      '2147483648',
      '4294967296',
      '-1.7976931348623157e308',
    ].map((t) => new Raw(t)),
  ),
  fc.double(),
  fc.integer(),
);

const HUGE_LENGTHS = [201, 20_001, 70_000, 1_100_000];

export const hostileString: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    'null',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '__proto__',
    'constructor',
    'prototype',
    '<img src=x onerror=alert(1)>',
    "'; DROP TABLE rows; --",
    '../../../etc/passwd',
    '%00',
    '\u202Eevil',
    'e\u0301'.repeat(40),
    '🍅'.repeat(120),
    '2025-02-30',
    '2025-13-01',
    '9999-12-31T23:59:59.999Z',
    '0000-01-01T00:00:00.000Z',
    '+275760-09-13T00:00:00.000Z',
  ),
  fc.string({ maxLength: 40, unit: 'binary' }),
  // Past every name and description limit; the last is past the 1 MiB body limit too.
  fc.constantFrom(...HUGE_LENGTHS).map((n) => 'é'.repeat(n)),
);

/** Nested arrays around the 32-level limit of the body scanner (from where they are put). */
const deep: fc.Arbitrary<unknown> = fc
  .constantFrom(20, 31, 40, 5000)
  .map((d) => new Raw('['.repeat(d) + ']'.repeat(d)));

/** Keys that poison a careless merge or lookup. */
export const protoPairs: fc.Arbitrary<[string, unknown][]> = fc.constantFrom(
  [['__proto__', { polluted: 1, isAdmin: true, owner: 1 }]],
  [['constructor', { prototype: { polluted: 1 } }]],
  [['prototype', { polluted: 1 }]],
  [
    ['toString', 1],
    ['valueOf', 'x'],
    ['hasOwnProperty', null],
  ],
);

export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  hostileNumber,
  hostileString,
  fc.constantFrom(null, true, false, [], {}, [1, 2, 3], { a: 1 }),
  deep,
  protoPairs.map((pairs) => new Pairs(pairs)),
  fc.constant(null).map(() => new Array(5000).fill(1)),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A whole body that has nothing to do with the expected one. */
export const hostileBody: fc.Arbitrary<unknown> = fc.oneof(
  hostile,
  fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 4 }),
);

// ---- Ids ----

const BOUNDARY_IDS = [0, -1, 999_999_999, Number.MAX_SAFE_INTEGER, 2 ** 31];

/**
 * An id: mostly one of the acting user's rows of that table, often another user's, sometimes
 * of another table, a boundary, a number no id can be, or a fresh id of the actor's block.
 */
export function idArb(
  pools: IdPools,
  table: TableName | null,
  fresh = false,
  holes = true,
): fc.Arbitrary<unknown> {
  const pick = (byTable: IdPools['own']) =>
    table ? (byTable[table] ?? []) : Object.values(byTable).flat();
  const everything = [...Object.values(pools.own), ...Object.values(pools.others)].flat();
  const options: fc.WeightedArbitrary<unknown>[] = holes
    ? [
        { weight: 1, arbitrary: fc.constantFrom(...BOUNDARY_IDS) },
        { weight: 1, arbitrary: hostileNumber },
      ]
    : [{ weight: 1, arbitrary: fc.constant(999_999_999) }];
  const [own, others] = [pick(pools.own), pick(pools.others)];
  if (own.length > 0) options.push({ weight: fresh ? 2 : 12, arbitrary: fc.constantFrom(...own) });
  if (others.length > 0) options.push({ weight: 3, arbitrary: fc.constantFrom(...others) });
  if (everything.length > 0) options.push({ weight: 1, arbitrary: fc.constantFrom(...everything) });
  if (pools.fresh !== null) {
    const first = pools.fresh;
    options.push({ weight: fresh ? 12 : 1, arbitrary: fc.nat(100_000).map((n) => first + n) });
  }
  return fc.oneof(...options);
}

// ---- Objects with holes ----

type Field = readonly [key: string, value: fc.Arbitrary<unknown>, optional: boolean];

/**
 * An object of these fields, each now and then missing or hostile, and now and then a
 * prototype key added; without holes, every field well formed (its ids still any row's).
 */
export function objectOf(fields: readonly Field[], holes = true): fc.Arbitrary<unknown> {
  if (!holes) {
    return fc
      .tuple(
        ...fields.map(([key, value, optional]) =>
          optional
            ? fc.option(
                value.map((v): [string, unknown][] => [[key, v]]),
                { nil: [] },
              )
            : value.map((v): [string, unknown][] => [[key, v]]),
        ),
      )
      .map((parts) => new Pairs(parts.flat()));
  }
  const entries = fields.map(([key, value, optional]) =>
    fc.oneof(
      { weight: 14, arbitrary: value.map((v): [string, unknown][] => [[key, v]]) },
      { weight: optional ? 6 : 1, arbitrary: fc.constant<[string, unknown][]>([]) },
      { weight: 1, arbitrary: hostile.map((v): [string, unknown][] => [[key, v]]) },
    ),
  );
  const extras = fc.oneof(
    { weight: 8, arbitrary: fc.constant<[string, unknown][]>([]) },
    { weight: 1, arbitrary: protoPairs },
  );
  return fc
    .tuple(fc.tuple(...entries), extras)
    .map(([parts, extra]) => new Pairs([...parts.flat(), ...extra]));
}

const names = fc.oneof(
  fc.constantFrom('Camp', 'Tomate', 'Gratin', 'Louveteaux', 'carol@popote.test', 'Marché'),
  fc.string({ maxLength: 30 }),
);

// ---- From the original contract's table ----

interface ContractTypes {
  shapes: Map<string, [string, string][]>;
  aliases: Map<string, string>;
  enums: Map<string, number[]>;
}

let contractTypes: ContractTypes | null = null;

/** The shapes, aliases and enumerations of the contract table (the contract test's own). */
function contract(): ContractTypes {
  if (contractTypes) return contractTypes;
  const shapes = new Map<string, [string, string][]>();
  const aliases = new Map<string, string>();
  const enums = new Map<string, number[]>();
  for (const line of CONTRACT_SHAPES.trim().split('\n')) {
    const alias = /^- \*\*(\w+)\*\* = (.+)$/u.exec(line);
    const shape = /^- \*\*(\w+)\*\*: (.+)$/u.exec(line);
    if (alias) aliases.set(alias[1]!, alias[2]!.trim());
    else if (shape && /^\w+: -?\d+(, \w+: -?\d+)*$/u.test(shape[2]!)) {
      enums.set(
        shape[1]!,
        shape[2]!.split(', ').map((p) => Number(p.split(': ')[1])),
      );
    } else if (shape) shapes.set(shape[1]!, fieldsOf(shape[2]!));
  }
  contractTypes = { shapes, aliases, enums };
  return contractTypes;
}

/** `A: T; B: U` (the table's shapes and its query objects `{ a: T; b: U; }`). */
export function fieldsOf(body: string): [string, string][] {
  return splitTop(body, ';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const colon = part.indexOf(':');
      return [part.slice(0, colon).trim(), part.slice(colon + 1).trim()];
    });
}

/** Splits at a separator outside <>, [] and (). */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<' || c === '[' || c === '(' || c === '{') depth++;
    else if (c === '>' || c === ']' || c === ')' || c === '}') depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i).trim());
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

const CONTRACT_ID_TABLES: Record<string, TableName> = {
  IdSejour: 'stays',
  IdGroup: 'groups',
  IdMeal: 'meals',
  IdMenu: 'menus',
  IdReceipe: 'recipes',
  IdIngredient: 'ingredients',
  IdProfile: 'profiles',
  IdSupplier: 'suppliers',
  IdUser: 'users',
};

/** A value of a type of the contract table, with holes (see objectOf). */
export function contractArb(type: string, pools: IdPools): fc.Arbitrary<unknown> {
  const { shapes, aliases, enums } = contract();
  const t = type.trim();
  const alternatives = splitTop(t, ' | ');
  if (alternatives.length > 1) return fc.oneof(...alternatives.map((a) => contractArb(a, pools)));
  if (t === 'null') return fc.constant(null);
  if (t === 'Unknown') return hostileBody;
  if (t.startsWith('{') && t.endsWith('}')) {
    return objectOf(
      fieldsOf(t.slice(1, -1)).map(([field, fieldType]) => [
        field,
        contractArb(fieldType, pools),
        false,
      ]),
    );
  }
  if (t.endsWith('[]') && !t.startsWith('[')) {
    return fc.array(contractArb(t.slice(0, -2), pools), { maxLength: 4 });
  }
  if (t.startsWith('[') && t.endsWith(']')) {
    return fc.tuple(...splitTop(t.slice(1, -1), ', ').map((item) => contractArb(item, pools)));
  }
  const record = /^Record<(.+)>$/u.exec(t);
  if (record) {
    const [keyType, valueType] = splitTop(record[1]!, ', ') as [string, string];
    const key = keyType === 'string' ? names : contractArb(keyType, pools).map((k) => jsonKey(k));
    return fc
      .array(fc.tuple(key, contractArb(valueType, pools)), { maxLength: 3 })
      .map((pairs) => new Pairs(pairs));
  }
  const enumeration = /^\(typeof (\w+)\)\[keyof typeof \w+\]$/u.exec(t);
  if (enumeration) {
    const values = enums.get(enumeration[1]!) ?? [0];
    return fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...values) },
      { weight: 1, arbitrary: fc.constantFrom(-1, Math.max(...values) + 1, 1000) },
    );
  }
  switch (t) {
    case 'string':
      return names;
    case 'boolean':
      return fc.boolean();
    case 'number':
      return fc.oneof(fc.double({ min: 0, max: 1000, noNaN: true }), fc.integer());
    case 'Int':
      return fc.oneof(
        { weight: 8, arbitrary: fc.integer({ min: -2, max: 12 }) },
        { weight: 1, arbitrary: fc.constantFrom(366, 367, 10_000, 2 ** 31) },
      );
    case 'Time':
      return fc.constantFrom('2025-06-01T10:00:00Z', new Date().toISOString());
    case 'Date_':
      return fc.constantFrom('2025-07-01', '2025-07-01T00:00:00Z');
  }
  if (/^Id[A-Z]\w*$/u.test(t)) return idArb(pools, CONTRACT_ID_TABLES[t] ?? null);
  const alias = aliases.get(t);
  if (alias !== undefined) return contractArb(alias, pools);
  const shape = shapes.get(t);
  if (!shape) throw new Error(`Type inconnu du contrat : ${t}`);
  return objectOf(shape.map(([field, fieldType]) => [field, contractArb(fieldType, pools), false]));
}

const jsonKey = (value: unknown): string =>
  value instanceof Raw ? value.text : typeof value === 'string' ? value : JSON.stringify(value);

// ---- From a mutator's TypeBox schema ----

/** The table an id field of a mutator refers to, from its name (null: any). */
function tableOfField(key: string): TableName | null {
  const k = key.toLowerCase();
  if (k.includes('stay')) return 'stays';
  if (k.includes('group')) return 'groups';
  if (k.includes('meal')) return 'meals';
  if (k.includes('menu')) return 'menus';
  if (k.includes('recipe')) return 'recipes';
  if (k.includes('ingredient')) return 'ingredients';
  if (k.includes('profile')) return 'profiles';
  if (k.includes('supplier')) return 'suppliers';
  if (k === 'owner') return 'users';
  return null;
}

/** Strings a pattern of the mutators accepts, tried before generating from the pattern. */
const PATTERN_SAMPLES = [
  '2025-06-01T10:00:00.000Z',
  '2025-06-01T10:00:00Z',
  '2025-07-01',
  '2025-02-29',
  '#AF0853',
  'Z2l2ZS1tZS1hLXNlY3JldC10aGF0LWlzLWxvbmctZW5vdWdo',
];

/**
 * A value of a TypeBox schema, with holes. `key` is the property name it sits under (for ids:
 * `stayId` draws stays; `id` under a create draws fresh ids).
 */
export function schemaArb(
  schema: TSchema,
  pools: IdPools,
  key = '',
  holes = true,
): fc.Arbitrary<unknown> {
  const sub = (s: TSchema, k: string) => schemaArb(s, pools, k, holes);
  const s = schema as TSchema & Record<string, unknown>;
  switch (s[Kind]) {
    case 'Object': {
      const properties = s.properties as Record<string, TSchema>;
      return objectOf(
        Object.entries(properties).map(([k, property]) => [
          k,
          sub(property, k),
          (property as unknown as Record<symbol, unknown>)[OptionalKind] === 'Optional',
        ]),
        holes,
      );
    }
    case 'Array': {
      const max = Math.min((s.maxItems as number | undefined) ?? 6, 6);
      return fc.array(sub(s.items as TSchema, key), { maxLength: max });
    }
    case 'Union':
      return fc.oneof(...(s.anyOf as TSchema[]).map((member) => sub(member, key)));
    case 'Literal':
      return fc.constant(s.const);
    case 'Null':
      return fc.constant(null);
    case 'Boolean':
      return fc.boolean();
    case 'Record': {
      const [pattern, value] = Object.entries(s.patternProperties as Record<string, TSchema>)[0]!;
      const keys = /\d/u.test(pattern) ? fc.nat(10).map(String) : names;
      return fc
        .array(fc.tuple(keys, sub(value, key)), { maxLength: 3 })
        .map((pairs) => new Pairs(pairs));
    }
    case 'Integer': {
      const min = (s.minimum as number | undefined) ?? -1000;
      const max = (s.maximum as number | undefined) ?? 1000;
      if (max >= Number.MAX_SAFE_INTEGER && min >= -1) {
        // An id (or the supplier reference, where -1 means none).
        const subject = key === 'id' || key === 'first' ? pools.subject : undefined;
        return idArb(
          pools,
          subject ? subject.table : tableOfField(key),
          key === 'first' || (subject?.creates ?? false),
          holes,
        );
      }
      if (key === 'count') {
        // A run of ids: large enough, at times, for the biggest meal wizard.
        return fc.oneof(fc.integer({ min, max: min + 60 }), fc.integer({ min: 1000, max }));
      }
      return fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min, max: Math.min(max, min + 60) }) },
        { weight: 2, arbitrary: fc.integer({ min, max }) },
        ...(holes ? [{ weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1) }] : []),
      );
    }
    case 'Number': {
      const min = (s.minimum as number | undefined) ?? -1e6;
      const max = (s.maximum as number | undefined) ?? 1e6;
      return fc.double({ min, max, noNaN: true });
    }
    case 'String': {
      const maxLength = (s.maxLength as number | undefined) ?? 200;
      if (typeof s.pattern === 'string') {
        const pattern = new RegExp(s.pattern, 'u');
        const samples = PATTERN_SAMPLES.filter((x) => pattern.test(x) && x.length <= maxLength);
        return samples.length > 0
          ? fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom(...samples) },
              { weight: 1, arbitrary: fc.stringMatching(pattern) },
            )
          : fc.stringMatching(pattern);
      }
      return fc.oneof(
        { weight: 6, arbitrary: names.filter((n) => n.length <= maxLength) },
        ...(holes ? [{ weight: 1, arbitrary: fc.constant('x'.repeat(maxLength + 1)) }] : []),
      );
    }
    default:
      // Unknown (a pushed mutation's args, a restored row's data): anything.
      return hostileBody;
  }
}
