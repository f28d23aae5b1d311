import { DASH_INITIAL_SEGMENT_LIMIT, TIME_SHIFT_MARGIN_MINUTES, TIME_SHIFT_MINUTES } from '@pantalla/contracts';

/** The player's constants (viewing spec section 9), in one place. */
export const PLAYER = {
  /** Streaming retry: max 2 attempts, base delay 1000 ms, backoff 2, fuzz 0.5, timeout 20000 ms. */
  retry: { maxAttempts: 2, baseDelay: 1000, backoffFactor: 2, fuzzFactor: 0.5, timeout: 20_000 },
  bufferingGoalSeconds: 3,
  rebufferingGoalSeconds: 1,
  stallThresholdSeconds: 1,
  stallSkipSeconds: 0.3,
  preferredVideoCodec: 'avc1',
  /** Shaka clamps a DASH live window to this many segments: 3600 × 2 s holds the 2 h window. */
  initialSegmentLimit: DASH_INITIAL_SEGMENT_LIMIT,
  /** Widevine robustness on Chrome. */
  widevineRobustness: 'SW_SECURE_CRYPTO',
  timeShiftMinutes: TIME_SHIFT_MINUTES,
  timeShiftMarginMinutes: TIME_SHIFT_MARGIN_MINUTES,
  /** Resuming live after a pause longer than this continues from the paused position. */
  pauseResyncSeconds: 60,
  seekUpdateMs: 250,
  controlsHideMs: 2000,
  menuHideMs: 250,
  loopPollMs: 10_000,
  jumpSeconds: 10,
  /** Bandwidth readout turns red below this. */
  bandwidthLowMbps: 8,
  zapCandidates: 16,
  /** 3019/4012: reload this far past the current position when a retry does not help. */
  reloadSkipSeconds: 5,
  /** Progress slider maximum (spec section 2); positions map onto it. */
  sliderMax: 20430.24,
} as const;
