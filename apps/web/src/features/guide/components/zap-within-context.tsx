import { createContext, useContext } from 'react';
import { zapWithinState, type ZapWithinState } from '../../../lib/zap-within';

/** The filtered guide's channel ids, in its order; null when the guide is not filtered (issue 30). */
export const ZapWithinContext = createContext<readonly number[] | null>(null);

/** The history state a player link from this guide carries: zapping stays within the filter. */
export function useZapWithinState(): ZapWithinState | undefined {
  return zapWithinState(useContext(ZapWithinContext));
}
