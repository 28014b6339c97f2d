/**
 * Asks the browser to keep this site's storage under pressure: the local data is the user's
 * working copy while offline. Refusal or absence of the API is fine.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
