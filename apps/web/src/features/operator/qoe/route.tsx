import { Navigate } from 'react-router';
import { loadTables } from '../../../lib/i18n';
import { canView, sectionHref } from '../sections';
import { useOperator } from '../use-operator';
import { QoeScreen } from './components/qoe-screen';

/** The section's texts before its first render. */
export async function loader() {
  await loadTables(['operator-qoe']);
  return null;
}

/** /operador/calidad (lazy route module): quality of experience for admin and support. */
export function Component() {
  const me = useOperator();
  if (!canView(me.roles, 'qoe')) return <Navigate to={sectionHref('channels')} replace />;
  return <QoeScreen />;
}
