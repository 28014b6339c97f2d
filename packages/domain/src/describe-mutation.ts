/**
 * A change described in French words, for the 'Modifications refusées' list and a stay's
 * journal: the sentence declared with its mutator (MutatorDef.describe), read against the
 * device's rows. Nothing here
 * ever throws: an unknown name (a newer app version), malformed arguments or a lookup that
 * fails give a plain sentence without names.
 */
import { MUTATORS, isMutationName } from './mutators/index.js';
import type { MutatorDef } from './mutators/define.js';
import { Words, type DescribeLookup, type DescribedArgs } from './mutators/describe-words.js';

export type { DescribeLookup } from './mutators/describe-words.js';

/** The sentence for one change; `applied` when the rows already hold it (see Words). */
export async function describeMutation(
  lookup: DescribeLookup,
  name: string,
  args: unknown,
  { applied = false }: { applied?: boolean } = {},
): Promise<string> {
  if (!isMutationName(name)) return `Modification non décrite (${name})`;
  const fields = typeof args === 'object' && args !== null ? (args as DescribedArgs) : {};
  try {
    return await (MUTATORS[name] as MutatorDef).describe(fields, new Words(lookup, applied));
  } catch {
    // A lookup that fails (a closed database) must not hide the change itself.
    return `Modification non décrite (${name})`;
  }
}
