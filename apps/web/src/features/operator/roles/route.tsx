import { Navigate } from 'react-router';
import { loadTables } from '../../../lib/i18n';
import { canView, sectionHref } from '../sections';
import { useOperator } from '../use-operator';
import { RolesScreen } from './components/roles-screen';

/** The section's texts before its first render. */
export async function loader() {
  await loadTables(['operator-access']);
  return null;
}

/** /operador/roles (lazy route module): who operates the service, admins only. */
export function Component() {
  const me = useOperator();
  if (!canView(me.roles, 'roles')) return <Navigate to={sectionHref('now')} replace />;
  return <RolesScreen />;
}
