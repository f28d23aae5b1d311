import { Navigate } from 'react-router';
import { loadTables } from '../../../lib/i18n';
import { canView, sectionHref } from '../sections';
import { useOperator } from '../use-operator';
import { NowScreen } from './components/now-screen';

/** The section's texts before its first render. */
export async function loader() {
  await loadTables(['operator-now']);
  return null;
}

/** /operador/ (lazy route module): open streams now; a content operator starts at the channels. */
export function Component() {
  const me = useOperator();
  if (!canView(me.roles, 'now')) return <Navigate to={sectionHref('channels')} replace />;
  return <NowScreen />;
}
