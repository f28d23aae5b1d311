import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { zapWithinOf } from '../../../lib/zap-within';

/** The channels a filtered guide handed the player to zap within; null: the whole lineup. */
export function useZapWithin(): readonly number[] | null {
  const { state } = useLocation();
  // Keyed by its text: each zap carries the same list in a new history entry, and it keeps its identity.
  const key = zapWithinOf(state)?.join(',') ?? '';
  return useMemo(() => (key ? key.split(',').map(Number) : null), [key]);
}
