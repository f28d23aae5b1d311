import { useEffect, useState } from 'react';
import {
  fingerprintPhase,
  fingerprintPlacement,
  type FingerprintPlacement,
  type FingerprintPlan,
} from '../lib/fingerprint';

/**
 * The user id over the picture on the schedule of lib/fingerprint: visible for the
 * duration, hidden for the rest of the period; a random position changes every time.
 */
export function FingerprintOverlay({ plan, userId }: { plan: FingerprintPlan | null; userId: number }) {
  const [state, setState] = useState<{ visible: boolean; placement: FingerprintPlacement } | null>(null);

  useEffect(() => {
    if (!plan) return;
    const began = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    let lastCycle = -1;
    let placement: FingerprintPlacement = {};
    const step = () => {
      const phase = fingerprintPhase(plan, Date.now() - began);
      if (phase.cycle !== lastCycle) {
        lastCycle = phase.cycle;
        placement = fingerprintPlacement(plan.position, Math.random);
      }
      setState({ visible: phase.visible, placement });
      timer = setTimeout(step, phase.nextChangeMs);
    };
    step();
    return () => {
      clearTimeout(timer);
      setState(null);
    };
  }, [plan]);

  if (!plan || !state?.visible) return null;
  return (
    <div
      className="player-fingerprint"
      style={{
        ...withinScreen(state.placement),
        fontSize: `${plan.style.fontSizePx}px`,
        color: plan.style.color,
        background: plan.style.background,
      }}
      data-testid="fingerprint"
      aria-hidden="true"
    >
      {userId}
    </div>
  );
}

/** Random positions go up to x 1200, y 700: keep them on a smaller screen. */
function withinScreen(p: FingerprintPlacement) {
  return {
    left: p.left === undefined ? undefined : `min(${p.left}px, calc(100% - 8rem))`,
    top: p.top === undefined ? undefined : `min(${p.top}px, calc(100% - 3rem))`,
    right: p.right,
    bottom: p.bottom,
  };
}
