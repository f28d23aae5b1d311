import { useEffect, useMemo, useState } from 'react';
import { CLOCK_REFRESH_MS, msUntilNextDay, selectableDays, startOfDay } from '../lib/geometry';

/**
 * The guide's clock: `now` refreshes every 15 minutes (spec), and at each local midnight the
 * day window moves on — the oldest day drops out and a new last day comes in.
 */
export function useGuideClock(): { now: number; days: number[] } {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const today = startOfDay(now);
  useEffect(() => {
    // One millisecond past midnight, so the new day is already "today".
    const timer = setTimeout(() => setNow(Date.now()), msUntilNextDay(Date.now()) + 1);
    return () => clearTimeout(timer);
  }, [today]);
  const days = useMemo(() => selectableDays(today), [today]);
  return { now, days };
}
