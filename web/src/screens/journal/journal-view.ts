/**
 * What 'Journal du séjour' shows (issue 32): the stay's changes newest first, one member's or
 * everyone's, each with who made it, when, and the sentence refused changes are described with.
 * Only the entries on screen are described: a journal holds up to JOURNAL_KEPT (1,000) entries.
 */
import {
  describeMutation,
  isMutationName,
  mutationLabel,
  stayJournal,
  type Id,
  type ReadStore,
  type StayJournalEntry,
} from '@popote/domain';

/** How many entries are shown at first, and how many more each 'Afficher plus' adds. */
export const JOURNAL_PAGE_SIZE = 100;

/** The member whose changes are shown, kept in the address ('?membre=12'). */
export const MEMBER_PARAM = 'membre';

/** The value of 'Tous' in the member select. */
export const ALL_MEMBERS = 'tous';

/** The member an address names, or null (everyone) when it names none. */
export function memberFromParam(value: string | null): Id | null {
  if (value === null || !/^[1-9]\d*$/u.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

export interface JournalLine {
  id: Id;
  userId: Id;
  /** Null when the device does not hold the pseudonym. */
  pseudo: string | null;
  at: string;
  /** What was done, in French. */
  words: string;
}

export interface Author {
  userId: Id;
  pseudo: string | null;
}

export interface JournalView {
  /** How many entries the filter keeps. */
  total: number;
  /** The newest `limit` of them. */
  lines: JournalLine[];
  /** Everyone with an entry in the journal, whoever the filter keeps. */
  authors: Author[];
}

type JournalStore = Pick<ReadStore, 'get' | 'getMany' | 'where'>;

/**
 * The sentence of an entry, as for a refused change; when its arguments were too large to be
 * kept, the mutation's label ('Modification d'un repas').
 */
export async function entryWords(
  store: JournalStore,
  entry: Pick<StayJournalEntry, 'name' | 'args'>,
): Promise<string> {
  if ((entry.args === null || entry.args === undefined) && isMutationName(entry.name)) {
    return mutationLabel(entry.name);
  }
  // The journal's changes are in the rows already: their values are said, not left out.
  return describeMutation(store, entry.name, entry.args, { applied: true });
}

/** The journal of a stay as the screen shows it: `member`'s entries (all when null). */
export async function readJournal(
  store: JournalStore,
  stayId: Id,
  member: Id | null,
  limit: number,
): Promise<JournalView> {
  const entries = await stayJournal(store, stayId);
  const kept = member === null ? entries : entries.filter((e) => e.userId === member);
  const shown = kept.slice(0, Math.max(0, limit));
  const authorIds = [...new Set(entries.map((e) => e.userId))];
  const users = await store.getMany('users', authorIds);
  const pseudos = new Map(users.map((u) => [u.id, u.pseudo]));
  const pseudoOf = (userId: Id) => pseudos.get(userId) ?? null;
  const lines = await Promise.all(
    shown.map(async (e) => ({
      id: e.id,
      userId: e.userId,
      pseudo: pseudoOf(e.userId),
      at: e.at,
      words: await entryWords(store, e),
    })),
  );
  return {
    total: kept.length,
    lines,
    authors: authorIds.map((userId) => ({ userId, pseudo: pseudoOf(userId) })),
  };
}

export interface MemberChoice {
  value: string;
  label: string;
}

export interface ChoiceWords {
  all: string;
  unknown: string;
  owner: (pseudo: string) => string;
  former: (pseudo: string) => string;
}

/**
 * The 'Membre' select: 'Tous', the owner, the members (in the team's order), then whoever has
 * changes in the journal but is no longer in the team.
 */
export function memberChoices(
  owner: Author,
  members: readonly Author[],
  authors: readonly Author[],
  words: ChoiceWords,
): MemberChoice[] {
  const name = (a: Author) => a.pseudo ?? words.unknown;
  const inTeam = new Set([owner.userId, ...members.map((m) => m.userId)]);
  return [
    { value: ALL_MEMBERS, label: words.all },
    { value: String(owner.userId), label: words.owner(name(owner)) },
    ...members
      .filter((m) => m.userId !== owner.userId)
      .map((m) => ({ value: String(m.userId), label: name(m) })),
    ...authors
      .filter((a) => !inTeam.has(a.userId))
      .map((a) => ({ value: String(a.userId), label: words.former(name(a)) })),
  ];
}
