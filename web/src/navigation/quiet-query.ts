/**
 * Screen state kept in the address without a navigation: typing in a search or ticking a day
 * must not re-render the whole app through the router (a keystroke has one frame). The entry
 * is replaced with the router's own history state, so the back button and the router's later
 * navigations find the address as the screen left it.
 */

/** The current query, as the address bar has it (the router's copy may be older). */
export function currentQuery(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

/** Sets (or, with null or '', removes) query parameters of the current history entry. */
export function replaceQuietly(changes: Record<string, string | null>): void {
  const params = currentQuery();
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
  if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
    window.history.replaceState(window.history.state, '', url);
  }
}
