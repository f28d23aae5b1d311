import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { categorySchema } from '@pantalla/contracts';
import { getScreenListsQueryOptions, getScreensQueryOptions } from '../../../lib/catalogue';
import { getRowItemsQueryOptions } from '../api/get-row-items';

/**
 * What the last home of this device needed after the lineups: the lineup, the home screen's
 * list group and the carousel's row. A returning subscriber's home asks for these at once,
 * beside the lineups, instead of one after another; the start-up load then finds them in the
 * cache under the same keys. Ids only: nothing about the account.
 */
const homeHintSchema = z.object({
  regionId: z.number().int().nullable(),
  lineupId: z.number().int(),
  listGroupId: z.number().int(),
  featured: categorySchema.pick({ id: true, kind: true, personalised: true }),
});
export type HomeHint = z.infer<typeof homeHintSchema>;

const STORAGE_KEY = 'pantalla.homeHint';

type HintStorage = Pick<Storage, 'getItem' | 'setItem'>;

const storage = (): HintStorage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage may be blocked (privacy mode): no hint, the load runs in order.
    return undefined;
  }
};

/** The hint for this region, or null (none, another region's, or unreadable). */
export function readHomeHint(regionId: number | null, store: HintStorage | undefined = storage()): HomeHint | null {
  try {
    const parsed = homeHintSchema.safeParse(JSON.parse(store?.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success && parsed.data.regionId === regionId ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeHomeHint(hint: HomeHint, store: HintStorage | undefined = storage()): void {
  try {
    const { id, kind, personalised } = hint.featured;
    const value = JSON.stringify({
      regionId: hint.regionId,
      lineupId: hint.lineupId,
      listGroupId: hint.listGroupId,
      featured: { id, kind, personalised },
    });
    if (store?.getItem(STORAGE_KEY) !== value) store?.setItem(STORAGE_KEY, value);
  } catch {
    // Not remembered: the next start simply loads in order.
  }
}

/** Asks for the screens, the home's rows and the carousel's items the hint names, all at once. */
export function prefetchHome(client: QueryClient, hint: HomeHint): void {
  void client.prefetchQuery(getScreensQueryOptions(hint.lineupId, hint.regionId ?? undefined));
  void client.prefetchQuery(getScreenListsQueryOptions(hint.listGroupId, hint.lineupId));
  void client.prefetchQuery(getRowItemsQueryOptions(hint.featured));
}
