import { loadTables } from '../../../lib/i18n';
import { NowScreen } from './components/now-screen';

/** The section's texts before its first render. */
export async function loader() {
  await loadTables(['operator-now']);
  return null;
}

/** /operador/ (lazy route module): open streams now (the console's frame sends a content operator to the channels). */
export function Component() {
  return <NowScreen />;
}
