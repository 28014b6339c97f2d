// Moved to @popote/sync-client; kept for the screens still importing it here (to remove).
export { DexieStore, fromStored, toStored } from '@popote/sync-client';
