/** What the rest of the app may use from the guide: its route module is loaded by path. */
export { GuideGrid, type GuideGridProps, type ChannelRow } from './components/guide-grid';
export type { GuideChannel, GuideProgramme, DayState } from './lib/programme';
