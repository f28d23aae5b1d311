import { Navigate, useParams } from 'react-router';
import { loadTables } from '../../../lib/i18n';
import { canView, sectionHref } from '../sections';
import { useOperator } from '../use-operator';
import { SubscriberScreen } from './components/subscriber-screen';
import './subscribers.css';

/** The page's texts before its first render. */
export async function loader() {
  await loadTables(['operator-subscribers', 'operator-actions', 'operator-qoe']);
  return null;
}

/** /operador/suscriptores/:userId (lazy route module): one subscriber's page. */
export function Component() {
  const me = useOperator();
  const userId = Number(useParams().userId);
  if (!canView(me.roles, 'subscribers')) return <Navigate to={sectionHref('now')} replace />;
  if (!Number.isInteger(userId) || userId <= 0) return <Navigate to={sectionHref('subscribers')} replace />;
  // Keyed by account: another account's page starts with its own state (its "load more").
  return <SubscriberScreen key={userId} userId={userId} />;
}
