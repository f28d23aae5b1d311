import { ManifestTestScreen } from '../components/manifest-test-screen';

/** /_test1234/ (lazy route module). */
export function Component() {
  return <ManifestTestScreen />;
}
