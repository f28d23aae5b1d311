import { useState } from 'react';

/**
 * How many of a row's cards are rendered: up to `wanted`, and never fewer than before, so a
 * card once shown keeps its state (images, focus) when the row pages back.
 */
export function useRenderedReach(count: number, wanted: number): number {
  const target = Math.min(count, wanted);
  const [reach, setReach] = useState(target);
  if (target > reach) setReach(target);
  return Math.min(count, Math.max(reach, target));
}
