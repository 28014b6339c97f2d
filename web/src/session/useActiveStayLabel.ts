/**
 * The label of the active stay for the top bar, or null when there is none. The stays data
 * layer is not there yet, so there is never a label; the shell already reads it through here.
 */
export function useActiveStayLabel(): string | null {
  return null;
}
