/** What the rest of the app may use from the settings feature: its screen, lazily routed. */
export { SettingsScreen } from './components/settings-screen';
