import { Navigate } from 'react-router';
import { loadTables } from '../../../lib/i18n';
import { canView, sectionHref } from '../sections';
import { useOperator } from '../use-operator';
import { SearchScreen } from './components/search-screen';
import './subscribers.css';

/** The section's texts before its first render. */
export async function loader() {
  await loadTables(['operator-subscribers']);
  return null;
}

/** /operador/suscriptores (lazy route module): subscriber search, admins and support. */
export function Component() {
  const me = useOperator();
  if (!canView(me.roles, 'subscribers')) return <Navigate to={sectionHref('now')} replace />;
  return <SearchScreen />;
}
