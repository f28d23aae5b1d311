export * from './api';
export { useRecordingMarks, useRecordingMark } from './hooks';
export { RecordActions } from './components/record-actions';
export { ReminderNotice } from './components/reminder-notice';
export { BellIcon } from './components/bell-icon';
export type { ProgrammeMark } from './lib/record-state';
export { RecordingsScreen } from './components/recordings-screen';
