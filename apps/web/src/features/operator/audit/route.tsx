import { Navigate } from 'react-router';
import { loadTables } from '../../../lib/i18n';
import { canView, sectionHref } from '../sections';
import { useOperator } from '../use-operator';
import { AuditScreen } from './components/audit-screen';

/** The section's texts before its first render. */
export async function loader() {
  await loadTables(['operator-access']);
  return null;
}

/** /operador/registro (lazy route module): the audit trail, admins only. */
export function Component() {
  const me = useOperator();
  if (!canView(me.roles, 'audit')) return <Navigate to={sectionHref('now')} replace />;
  return <AuditScreen />;
}
