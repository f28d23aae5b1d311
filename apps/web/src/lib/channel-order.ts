/**
 * The user's channel order (login's channelOrder): the guide and zapping follow it, and so
 * do the rows named for channels (viewing spec section 4).
 */

/**
 * The user's channel order first (ids they ranked, in their order), then every other
 * channel in lineup order. Unknown ids in the preference are ignored.
 */
export function orderChannels<T extends { id: number }>(channels: readonly T[], preferred: readonly number[]): T[] {
  if (preferred.length === 0) return [...channels];
  const rank = new Map<number, number>();
  preferred.forEach((id, i) => {
    if (!rank.has(id)) rank.set(id, i);
  });
  const lineupIndex = new Map(channels.map((c, i) => [c.id, i]));
  return [...channels].sort((a, b) => {
    const ra = rank.get(a.id) ?? Infinity;
    const rb = rank.get(b.id) ?? Infinity;
    if (ra !== rb) return ra - rb;
    return (lineupIndex.get(a.id) ?? 0) - (lineupIndex.get(b.id) ?? 0);
  });
}

/** Spec: the custom order applies to categories with 'canales' in the name, unless the operator is Adamo's. */
export function rowUsesChannelOrder(categoryName: string, operator: string): boolean {
  return /canales/i.test(categoryName) && !/adamo/i.test(operator);
}

/** Puts a row's channels in the user's order, in the places channels hold; other items stay put. */
export function orderRowChannels<T extends { item: { type: string; id: number } }>(
  entries: readonly T[],
  preferred: readonly number[],
): T[] {
  const channels = entries.filter((e) => e.item.type === 'channel');
  if (preferred.length === 0 || channels.length < 2) return [...entries];
  const ordered = orderChannels(
    channels.map((e) => ({ id: e.item.id, entry: e })),
    preferred,
  );
  let next = 0;
  return entries.map((e) => (e.item.type === 'channel' ? (ordered[next++] as { entry: T }).entry : e));
}
