/** What the rest of the app may use from the diagnostics feature: its screens, lazily routed. */
export { ConnDiagScreen } from './components/conn-diag-screen';
export { ManifestTestScreen } from './components/manifest-test-screen';
