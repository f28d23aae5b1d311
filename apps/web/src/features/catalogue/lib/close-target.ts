/**
 * Where a close button leads: back in history when the app itself put an entry before
 * this one (React Router's history index above 0), otherwise home, so a detail opened
 * from a bookmark or a new tab never leaves the app.
 */
export function closeTarget(historyState: unknown): 'back' | 'home' {
  const idx =
    typeof historyState === 'object' && historyState !== null && 'idx' in historyState
      ? (historyState as { idx: unknown }).idx
      : undefined;
  return typeof idx === 'number' && idx > 0 ? 'back' : 'home';
}
