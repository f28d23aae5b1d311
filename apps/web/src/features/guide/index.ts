/** What the rest of the app may use from the guide: its grid, its route and the opening's prefill (both lazy). */
export { GuideGrid, type GuideGridProps, type ChannelRow } from './components/guide-grid';
export type { GuideChannel, GuideProgramme, DayState } from './lib/programme';
export const guideRoutes = { guide: () => import('./routes/guide') };
/** The start-up load's last step fills the guide's opening day; its own chunk, fetched when idle. */
export const loadGuidePrefill = () => import('./prefill');
