/**
 * What the screens ask to mirror a mutation's declared access (mayRun, mayRunAs). The access is
 * declared with each mutation in the domain's registry, which brings every mutator and its
 * schemas (TypeBox): loaded with import() (issue 36). A screen's controls ask for it once the
 * page has shown its first data, so that neither loading it nor running it delays that paint
 * (the controls show a frame or two later); a live read that needs it loads it at once. The sync
 * runtime shares the same chunk.
 */
import { afterFirstDataModule } from '../components/after-first-data-module';
import type * as Chunk from './mutation-rights-chunk';

export type MutationRights = typeof Chunk;

const rights = afterFirstDataModule<MutationRights>(() => import('./mutation-rights-chunk'));

/** The registry's access questions, loaded now; a failed load is tried again on the next call. */
export const loadMutationRights = rights.load;

/** The access questions, or null until the first data is shown and they are loaded. */
export const useMutationRights = rights.useLoaded;
