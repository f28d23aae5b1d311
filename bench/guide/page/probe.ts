/**
 * What each bench page reports to the runner: when the data was ready, when the first
 * grid with programmes was painted, and the scroll drivers the runner calls.
 */
export interface BenchProbe {
  dataReady: number;
  /** Puts the timeline at the start of the third day, where both runs begin. */
  prepare: () => Promise<void>;
  painted: number;
  /** Scrolls `hours` of time in 240 frames; returns dropped frames. */
  scrollHours: (hours: number) => Promise<{ frames: number; dropped: number }>;
  /** Pages through every channel; returns steps taken and dropped frames. */
  scrollChannels: () => Promise<{ steps: number; frames: number; dropped: number }>;
}

declare global {
  interface Window {
    __bench?: Partial<BenchProbe>;
  }
}

export function params(): { channels: number; days: number } {
  const search = new URLSearchParams(location.search);
  return { channels: Number(search.get('channels') ?? 200), days: Number(search.get('days') ?? 6) };
}

const FRAME = 1000 / 60;
/** Frames each page of channels is given before the next. */
export const PAGE_FRAMES = 8;

/** Counts frames and dropped frames (intervals past 1.5 frames) while `work` runs. */
export async function watchFrames<T>(work: () => Promise<T>): Promise<T & { frames: number; dropped: number }> {
  let frames = 0;
  let dropped = 0;
  let last = performance.now();
  let running = true;
  const tick = (t: number) => {
    const interval = t - last;
    last = t;
    frames += 1;
    if (interval > FRAME * 1.5) dropped += Math.round(interval / FRAME) - 1;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame((t) => {
    last = t;
    requestAnimationFrame(tick);
  });
  const result = await work();
  running = false;
  return { ...result, frames, dropped };
}

export const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(r));

/** Marks the first paint once `selector` matches: two frames after it appears in the DOM. */
export function markPaintedWhen(selector: string): void {
  const check = () => {
    if (document.querySelector(selector)) {
      requestAnimationFrame(() =>
        setTimeout(() => {
          window.__bench = { ...window.__bench, painted: performance.now() };
        }, 0),
      );
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}
