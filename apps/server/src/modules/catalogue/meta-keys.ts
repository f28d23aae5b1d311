/** Keys of catalogue_meta. */
export const META = {
  seedVersion: 'seed_version',
  guideUntil: 'guide_until',
  guideVersion: 'guide_version',
  maxEventMs: 'max_event_ms',
} as const;
