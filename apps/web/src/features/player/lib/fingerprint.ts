import type { z } from 'zod';
import {
  FINGERPRINT_STYLE_DEFAULTS,
  fingerprintColorSchema,
  type fingerprintPositionSchema,
} from '@pantalla/contracts';

/** top-left, top-right, bottom-left, bottom-right or random. */
export type FingerprintPositionName = z.infer<typeof fingerprintPositionSchema>;

/**
 * The fingerprint overlay's schedule (viewing spec section 4): the user id shows for its
 * duration, hides until the period ends, and repeats. Pure, with the clock and the random
 * source passed in.
 */
export const FINGERPRINT_DEFAULTS = { durationSeconds: 30, periodSeconds: 300 } as const;
export const RANDOM_X = { min: 50, max: 1200 } as const;
export const RANDOM_Y = { min: 30, max: 700 } as const;
export const CORNER_JITTER = 20;

const POSITIONS: readonly FingerprintPositionName[] = [
  'top-left',
  'top-right',
  'bottom-left',
  'bottom-right',
  'random',
];

/** The watermark's look: font size in px, text and background colours (#RRGGBB or #RRGGBBAA). */
export interface FingerprintStyle {
  fontSizePx: number;
  color: string;
  background: string;
}

export interface FingerprintPlan {
  durationMs: number;
  periodMs: number;
  position: FingerprintPositionName;
  style: FingerprintStyle;
}

type StyleFields = {
  fingerprintFontSize?: number | null;
  fingerprintColor?: string | null;
  fingerprintBackground?: string | null;
};

/** The channel's watermark look; a missing or malformed value falls back to the default. */
export function fingerprintStyle(channel: StyleFields): FingerprintStyle {
  const colour = (value: string | null | undefined, fallback: string) =>
    fingerprintColorSchema.safeParse(value).success ? (value as string) : fallback;
  const size = channel.fingerprintFontSize;
  return {
    fontSizePx:
      typeof size === 'number' && Number.isInteger(size) && size >= 8 && size <= 96
        ? size
        : FINGERPRINT_STYLE_DEFAULTS.fontSize,
    color: colour(channel.fingerprintColor, FINGERPRINT_STYLE_DEFAULTS.color),
    background: colour(channel.fingerprintBackground, FINGERPRINT_STYLE_DEFAULTS.background),
  };
}

/** The plan for a channel, or null when the overlay is off (off, period shorter than duration, unknown position). */
export function fingerprintPlan(
  channel: {
    fingerprint: number;
    fingerprintFrequency?: number | null;
    fingerprintDuration?: number | null;
    fingerprintPosition?: string | null;
  } & StyleFields,
): FingerprintPlan | null {
  if (channel.fingerprint !== 1) return null;
  const duration =
    channel.fingerprintDuration && channel.fingerprintDuration > 0
      ? channel.fingerprintDuration
      : FINGERPRINT_DEFAULTS.durationSeconds;
  const period =
    channel.fingerprintFrequency && channel.fingerprintFrequency > 0
      ? channel.fingerprintFrequency
      : FINGERPRINT_DEFAULTS.periodSeconds;
  const position = POSITIONS.find((p) => p === channel.fingerprintPosition);
  if (!position || period < duration) return null;
  return { durationMs: duration * 1000, periodMs: period * 1000, position, style: fingerprintStyle(channel) };
}

/** Where the schedule stands `elapsedMs` after it began: the cycle, visibility, and ms until the next change. */
export function fingerprintPhase(
  plan: FingerprintPlan,
  elapsedMs: number,
): { cycle: number; visible: boolean; nextChangeMs: number } {
  const t = Math.max(0, elapsedMs);
  const cycle = Math.floor(t / plan.periodMs);
  const within = t - cycle * plan.periodMs;
  const visible = within < plan.durationMs;
  return { cycle, visible, nextChangeMs: visible ? plan.durationMs - within : plan.periodMs - within };
}

/** CSS placement: a corner with up to 20 px jitter, or random x 50–1200, y 30–700 (new each cycle). */
export type FingerprintPlacement = { left?: number; right?: number; top?: number; bottom?: number };

export function fingerprintPlacement(position: FingerprintPositionName, random: () => number): FingerprintPlacement {
  const jitter = () => Math.round(random() * CORNER_JITTER);
  switch (position) {
    case 'top-left':
      return { left: jitter(), top: jitter() };
    case 'top-right':
      return { right: jitter(), top: jitter() };
    case 'bottom-left':
      return { left: jitter(), bottom: jitter() };
    case 'bottom-right':
      return { right: jitter(), bottom: jitter() };
    case 'random':
      return {
        left: Math.round(RANDOM_X.min + random() * (RANDOM_X.max - RANDOM_X.min)),
        top: Math.round(RANDOM_Y.min + random() * (RANDOM_Y.max - RANDOM_Y.min)),
      };
  }
}
