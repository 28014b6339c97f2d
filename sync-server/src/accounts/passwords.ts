/**
 * Password hashing with scrypt (memory-hard, in node:crypto). A stored hash describes its own
 * parameters, `scrypt$ln=15,r=8,p=3$<salt>$<key>`, so the cost can rise later without
 * breaking existing accounts: a hash below the current cost is replaced at the next login.
 *
 * Cost: N=2^15, r=8, p=3, one of OWASP's equivalent settings to N=2^17, r=8, p=1 (Password
 * Storage Cheat Sheet, 2023+): the same work, but 32 MiB of memory per hash instead of 128,
 * so that the four hashing threads never need more than 128 MiB together.
 */
import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const DEFAULT_SCRYPT_LOG2_N = 15;
const R = 8;
export const SCRYPT_P = 3;
const P = SCRYPT_P;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const FORMAT = /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([\w-]+)\$([\w-]+)$/u;

export async function hashPassword(
  password: string,
  log2N = DEFAULT_SCRYPT_LOG2_N,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, { N: 2 ** log2N, r: R, p: P });
  return `scrypt$ln=${log2N},r=${R},p=${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** False for a wrong password and for anything that is not a hash of ours. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = FORMAT.exec(stored);
  if (!match) return false;
  const [, ln, r, p, salt, key] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  // Stored hashes are ours, but a corrupted row must not make the server allocate gigabytes.
  if (Number(ln) > 20 || Number(r) > 16 || Number(p) > 4) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    {
      N: 2 ** Number(ln),
      r: Number(r),
      p: Number(p),
    },
    expected.length,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Whether a stored hash costs less than a new one would (log2N as for hashPassword): the
 * password, just verified, is then hashed again. Anything unreadable is left alone.
 */
export function needsRehash(stored: string, log2N = DEFAULT_SCRYPT_LOG2_N): boolean {
  const match = FORMAT.exec(stored);
  if (!match) return false;
  const cost = 2 ** Number(match[1]) * Number(match[2]) * Number(match[3]);
  return cost < 2 ** log2N * R * P;
}

function derive(
  password: string,
  salt: Buffer,
  cost: { N: number; r: number; p: number },
  keyLength = KEY_LENGTH,
): Promise<Buffer> {
  // NFC: the same accented password typed on two devices gives the same bytes.
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

// Short, accent-free French food words: easy to read in a mail and to type on a phone.
// prettier-ignore
const WORDS = [
  'abricot', 'ail', 'amande', 'aneth', 'anis', 'artichaut', 'asperge', 'avocat', 'avoine',
  'banane', 'basilic', 'betterave', 'beurre', 'biscuit', 'blette', 'brioche', 'brocoli', 'cacao',
  'cafe', 'cannelle', 'capre', 'caramel', 'carotte', 'cassis', 'celeri', 'cerise', 'chou',
  'ciboule', 'citron', 'clementine', 'coing', 'concombre', 'coriandre', 'cornichon', 'courge',
  'courgette', 'crepe', 'cresson', 'cumin', 'datte', 'echalote', 'endive', 'epinard', 'estragon',
  'fenouil', 'feve', 'figue', 'flan', 'fraise', 'framboise', 'fromage', 'galette', 'gateau',
  'gaufre', 'gingembre', 'girofle', 'goyave', 'groseille', 'haricot', 'kiwi', 'laitue',
  'lentille', 'litchi', 'mais', 'mangue', 'marron', 'melon', 'menthe', 'miel', 'mirabelle',
  'mousse', 'muscade', 'myrtille', 'navet', 'nectarine', 'noisette', 'noix', 'nougat', 'oignon',
  'olive', 'orange', 'orge', 'origan', 'pain', 'panais', 'papaye', 'paprika', 'pasteque',
  'patate', 'peche', 'persil', 'piment', 'pistache', 'poire', 'poireau', 'pois', 'poivron',
  'polenta', 'pomme', 'potiron', 'praline', 'prune', 'pruneau', 'quiche', 'radis', 'raisin',
  'risotto', 'riz', 'romarin', 'roquette', 'safran', 'salade', 'sarrasin', 'sauge', 'seigle',
  'semoule', 'sesame', 'sorbet', 'soupe', 'sucre', 'tapioca', 'tarte', 'thym', 'tomate',
  'topinambour', 'truffe', 'vanille', 'yaourt',
] as const;

export const PASSWORD_WORDS: readonly string[] = WORDS;

/**
 * A new password such as `radis-cumin-poire-nougat-42`: four words and two digits, about
 * 34 bits of randomness (plenty behind rate limits and a 24-hour lifetime).
 */
export function generatePassword(): string {
  const words = Array.from({ length: 4 }, () => WORDS[randomInt(WORDS.length)]);
  return `${words.join('-')}-${String(randomInt(10, 100))}`;
}
