/**
 * What benches (and tests) may use of this module beyond its index.ts: the pieces they
 * build fixtures and measure with. Running code never imports this file.
 */
export { recordingsMigrations } from './migrations';
export { episodeKey, fold, isNewEpisode, RuleIndex, type MatchRule } from './matching';
export { RecordingsRepository } from './recordings.repository';
export { RulesRepository } from './rules.repository';
export { durationSeconds, fits, isDue, quotaHours, remindAt } from './timing';
export type { RecordingsTables } from './tables';
export { RecordingsService, type RecordingSources } from './recordings.service';
export { RemindersRepository } from './reminders.repository';
export { RulesService } from './rules.service';
export { contentKeys } from './web-push';
