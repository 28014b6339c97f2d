/**
 * The sync protocol between a device and the server (ARCHITECTURE.md, "How a change travels").
 * Both ends validate every message against these schemas.
 *
 * - POST /sync/ids   leases a block of fresh ids to a device.
 * - POST /sync/push  sends outbox entries, in order; answers the last processed mutation id.
 * - POST /sync/pull  answers what changed since the device's cookie, paginated.
 * - GET  /sync/events a stream of "poke" hints: something this user may read has changed.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { TABLE_NAMES, type TableName } from '@popote/domain';

export * from './versions.js';

/** A device (browser profile) id: random, chosen by the device. */
export const ClientIdSchema = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' });

export const TableNameSchema = Type.Union(TABLE_NAMES.map((t) => Type.Literal(t)));

/** Most mutations a device may push at once; larger outboxes go in several pushes. */
export const MAX_PUSH_MUTATIONS = 200;

export const MutationSchema = Type.Object({
  /** Per device, 1, 2, 3… in the order the user made the changes. */
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  name: Type.String({ maxLength: 64 }),
  args: Type.Unknown(),
  /**
   * The synced schema of the app that recorded it, when older than the push's: the server
   * upgrades it (versions.ts). Absent: the push's schema.
   */
  schema: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
});
export type Mutation = Static<typeof MutationSchema>;

export const PushRequestSchema = Type.Object({
  clientId: ClientIdSchema,
  /**
   * The device's synced schema (SYNC_SCHEMA of its app); absent from the first versions. A
   * schema newer than the server's is answered 409 SYNC_MESSAGES.serverTooOld and nothing is
   * processed: the device keeps its changes until the server is updated.
   */
  schema: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  mutations: Type.Array(MutationSchema, { maxItems: MAX_PUSH_MUTATIONS }),
});
export type PushRequest = Static<typeof PushRequestSchema>;

export const PushResponseSchema = Type.Object({
  /** The last mutation of this device the server has processed (applied or refused). */
  lastMutationId: Type.Integer({ minimum: 0 }),
});
export type PushResponse = Static<typeof PushResponseSchema>;

export const PullRequestSchema = Type.Object({
  clientId: ClientIdSchema,
  /** The device's synced schema (SYNC_SCHEMA of its app); absent from the first versions. */
  schema: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  /**
   * A catch-up after an update: the schema the device had. The answer holds every readable row
   * of the tables added since (held back until now) and nothing else: no refusals, and the
   * device keeps its cookie.
   */
  catchUpFrom: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  /** The cookie of the last complete pull; null for a first sync. */
  cookie: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** Continuation of a paginated pull, as answered by the previous page. */
  cursor: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
});
export type PullRequest = Static<typeof PullRequestSchema>;

export const PatchOpSchema = Type.Union([
  Type.Object({ op: Type.Literal('put'), table: TableNameSchema, row: Type.Unknown() }),
  Type.Object({ op: Type.Literal('del'), table: TableNameSchema, id: Type.Integer() }),
]);
export type PatchOp = Static<typeof PatchOpSchema>;

export const RejectionSchema = Type.Object({
  mutationId: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  args: Type.Unknown(),
  /** Why the server refused it, in French, for the 'Modifications refusées' list. */
  message: Type.String(),
  /** When the server refused it (ISO date-time). */
  at: Type.String(),
  /**
   * True when the server did not keep the arguments (too large, or the user's refused
   * changes already hold their share): `args` is then REJECTION_ARGS_NOT_KEPT, and the device
   * shows its own copy (its outbox's), which it always has when the refusal first reaches it.
   */
  argsTruncated: Type.Optional(Type.Boolean()),
});
export type Rejection = Static<typeof RejectionSchema>;

/**
 * The `args` of a refusal whose arguments the server did not keep: a note in French, so that
 * an older device, which shows the server's copy, says why the content is missing.
 */
export const REJECTION_ARGS_NOT_KEPT = {
  note: "Contenu trop volumineux pour être gardé par le serveur : seul l'appareil qui a fait la modification le garde.",
} as const;

export const PullResponseSchema = Type.Object({
  /** Store it once `more` is false; send it back with the next pull. */
  cookie: Type.Integer({ minimum: 0 }),
  /**
   * The server's synced schema. Newer than the device's: the server holds rows or fields back
   * until the app updates (versions.ts), and the device's update prompt says so.
   */
  serverSchema: Type.Optional(Type.Integer({ minimum: 1 })),
  lastMutationId: Type.Integer({ minimum: 0 }),
  patch: Type.Array(PatchOpSchema),
  rejections: Type.Array(RejectionSchema),
  /** True when another page follows: pull again with `cursor`. */
  more: Type.Boolean(),
  cursor: Type.Union([Type.String(), Type.Null()]),
  /**
   * On a last page (`more` false): the device's refusals did not all fit in it. The page is
   * still complete (its cookie and lastMutationId stop before the first refusal left out), so
   * a device that ignores this field gets the rest at its next pull; a device that reads it
   * pulls again at once, from the new cookie.
   */
  rejectionsLeft: Type.Optional(Type.Boolean()),
});
export type PullResponse = Static<typeof PullResponseSchema>;

export const IdsRequestSchema = Type.Object({ clientId: ClientIdSchema });
export type IdsRequest = Static<typeof IdsRequestSchema>;

export const IdBlockSchema = Type.Object({
  first: Type.Integer({ minimum: 1 }),
  count: Type.Integer({ minimum: 1 }),
});
export type IdBlock = Static<typeof IdBlockSchema>;

/** Size of an id block: a device can create about a million rows offline per block. */
export const ID_BLOCK_SIZE = 2 ** 20;

/** The French messages the server answers on /sync (errors go in `message`). */
export const SYNC_MESSAGES = {
  clientOfOtherUser: 'Cet appareil est enregistré pour un autre compte.',
  serverTooOld: 'Le serveur Popote doit être mis à jour',
  gap: 'Des modifications de cet appareil manquent : la synchronisation reprendra depuis le début.',
} as const;

/**
 * One decoder per answer, used by the device: an answer that does not match its schema is
 * refused (null), never cast. The server serialises pushes and id blocks through Fastify with
 * the same schemas, and pull pages through encodePullResponse.
 */
// Value.Check, not the compiler: the app's Content-Security-Policy forbids eval.
const answerSchemas = {
  ids: IdBlockSchema,
  push: PushResponseSchema,
  pull: PullResponseSchema,
};

export interface SyncAnswers {
  ids: IdBlock;
  push: PushResponse;
  pull: PullResponse;
}

/** The answer if it has the shape of its message, else null. */
export function decodeAnswer<K extends keyof SyncAnswers>(
  kind: K,
  value: unknown,
): SyncAnswers[K] | null {
  return Value.Check(answerSchemas[kind], value) ? (value as SyncAnswers[K]) : null;
}

/** A pull page as the server holds it: the patch's operations already as JSON texts. */
export interface EncodedPullPage {
  cookie: number;
  serverSchema?: number;
  lastMutationId: number;
  more: boolean;
  cursor: string | null;
  rejections: Rejection[];
  /** See PullResponse: set only when some refusals were left for the next pull. */
  rejectionsLeft?: boolean;
  /** Each operation's JSON (encodePutOp, encodeDelOp): rows go out as stored. */
  patch: readonly string[];
}

/**
 * The JSON of a pull answer. Rows are stored as JSON texts: they are spliced in, never
 * parsed and serialised again (a first sync sends thousands).
 */
export function encodePullResponse(page: EncodedPullPage): string {
  return (
    `{"cookie":${page.cookie},"lastMutationId":${page.lastMutationId},` +
    (page.serverSchema === undefined ? '' : `"serverSchema":${page.serverSchema},`) +
    `"more":${page.more},"cursor":${JSON.stringify(page.cursor)},` +
    (page.rejectionsLeft ? `"rejectionsLeft":true,` : '') +
    `"rejections":${JSON.stringify(page.rejections)},"patch":[${page.patch.join(',')}]}`
  );
}

/** A patch operation that writes a row, from the row's stored JSON text. */
export function encodePutOp(table: TableName, rowJson: string): string {
  return `{"op":"put","table":"${table}","row":${rowJson}}`;
}

export function encodeDelOp(table: TableName, id: number): string {
  return `{"op":"del","table":"${table}","id":${id}}`;
}
