import { SettingsScreen } from '../components/settings-screen';

/** /settings/ (lazy route module). */
export function Component() {
  return <SettingsScreen />;
}
