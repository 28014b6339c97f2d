/**
 * Bounds on the work one device may ask of the server (issue 15), and their French refusals.
 * Reads, logins and other users' pushes are served between a long push's mutations and within
 * a long mutation (WriteQueue, Pacer); these bounds keep one request's work, and one user's
 * share of the database, finite. docs/security.md lists them for users and operators.
 */
import { invalid, type DomainError } from '@popote/domain';
import type { UserUsage } from '../store/ports.js';

export interface WorkBounds {
  /** Rows one mutation may write. */
  mutationRowWrites: number;
  /**
   * Row writes after which a push stops taking its next mutations: it answers the last one it
   * processed, and the device sends the rest in its next push.
   */
  pushRowWrites: number;
  /** Longest stretch of synchronous write work before the event loop runs (ms). */
  sliceMs: number;
}

/**
 * What the server keeps of refused mutations (issue 30). A refusal is kept for the device that
 * made it, which already holds the whole mutation in its outbox when the refusal reaches it:
 * the server's copy of the arguments is a convenience, cut when large, and the refusals
 * themselves go once their device has them. So refusals never escape the quotas by much.
 */
export interface RejectionBounds {
  /** Largest arguments kept with a refusal (bytes of their JSON); larger ones are not kept. */
  argsBytes: number;
  /** Arguments kept for all of one user's refusals together (bytes); past it, none is kept. */
  argsBytesPerUser: number;
  /** Refusals kept per user (all devices): recording one more forgets the oldest. */
  perUser: number;
  /**
   * How long a refusal stays once its device has pulled it (its pull's cookie has passed it),
   * counted from the refusal: it is then forgotten at that device's next pull.
   */
  retentionMs: number;
  /** Refusals in one pull answer, and their bytes (at least one per answer). */
  perPage: number;
  pageBytes: number;
}

export interface SyncLimits {
  work: WorkBounds;
  /** What one user may hold: live rows, their bytes, stays. */
  quotas: UserUsage;
  /** DEFAULT_SYNC_LIMITS.rejections when absent. */
  rejections?: RejectionBounds;
}

export const DEFAULT_SYNC_LIMITS: Required<SyncLimits> = {
  work: {
    // Far above the largest real mutation (deleting or duplicating a stay of 10,000 meals,
    // about 20,000 rows; importing 2,000 recipes): a safety net.
    mutationRowWrites: 50_000,
    pushRowWrites: 20_000,
    sliceMs: 4,
  },
  quotas: { rows: 200_000, bytes: 100 * 1024 * 1024, stays: 1_000 },
  rejections: {
    // A recipe import of a few dozen recipes fits; a device that refuses more keeps its own.
    argsBytes: 16 * 1024,
    argsBytesPerUser: 1024 * 1024,
    // A long offline stretch whose every change was refused (a stay deleted meanwhile) fits.
    perUser: 1_000,
    retentionMs: 7 * 24 * 3_600_000,
    perPage: 200,
    pageBytes: 1024 * 1024,
  },
};

const fr = new Intl.NumberFormat('fr-FR');
const makeRoom = "Supprimez des séjours, des menus ou des recettes dont vous n'avez plus besoin.";

export function tooManyRowsMessage(work: WorkBounds): string {
  return `Modification refusée : elle écrirait plus de ${fr.format(work.mutationRowWrites)} éléments d'un coup. Faites-la en plusieurs fois.`;
}

export function quotaMessage(quotas: UserUsage, key: keyof UserUsage): string {
  switch (key) {
    case 'stays':
      return `Modification refusée : un compte ne peut pas avoir plus de ${fr.format(quotas.stays)} séjours. Supprimez ceux dont vous n'avez plus besoin.`;
    case 'rows':
      return `Modification refusée : votre compte atteint sa limite de ${fr.format(quotas.rows)} éléments enregistrés. ${makeRoom}`;
    case 'bytes':
      return `Modification refusée : vos données atteignent leur limite de ${fr.format(Math.round(quotas.bytes / 1024 / 1024))} Mo. ${makeRoom}`;
  }
}

/**
 * The refusal of a write that leaves the user over a quota, or null. A write that does not
 * grow what is over the limit (a deletion, an edit that shortens) is always accepted, so
 * that a user over a quota can make room.
 */
export function quotaRefusal(
  quotas: UserUsage,
  before: UserUsage,
  after: UserUsage,
): DomainError | null {
  for (const key of ['stays', 'rows', 'bytes'] as const) {
    if (after[key] > quotas[key] && after[key] > before[key]) {
      return invalid(quotaMessage(quotas, key));
    }
  }
  return null;
}
