import { Navigate, useParams } from 'react-router';
import { loadTables } from '../../../lib/i18n';
import { canView, sectionHref } from '../sections';
import { useOperator } from '../use-operator';
import { ViewScreen } from './components/view-screen';

/** The page's texts before its first render. */
export async function loader() {
  await loadTables(['operator-qoe']);
  return null;
}

/** /operador/calidad/vista/:viewId (lazy route module): one view, found from a subscriber's or a channel's page. */
export function Component() {
  const me = useOperator();
  const viewId = useParams().viewId ?? '';
  if (!canView(me.roles, 'qoe')) return <Navigate to={sectionHref('channels')} replace />;
  return <ViewScreen key={viewId} viewId={viewId} />;
}
