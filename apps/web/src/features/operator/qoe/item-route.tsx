import { Navigate, useParams } from 'react-router';
import { QOE_ITEM_TYPES } from '@pantalla/contracts';
import { loadTables } from '../../../lib/i18n';
import { canView, sectionHref } from '../sections';
import { useOperator } from '../use-operator';
import type { QoeItemType } from './api/get-item';
import { ItemScreen } from './components/item-screen';

/** The page's texts before its first render. */
export async function loader() {
  await loadTables(['operator-qoe']);
  return null;
}

/** /operador/calidad/:itemType/:itemId (lazy route module): one channel's or title's quality. */
export function Component() {
  const me = useOperator();
  const params = useParams();
  const itemType = QOE_ITEM_TYPES.find((type) => type === params.itemType);
  const itemId = Number(params.itemId);
  if (!canView(me.roles, 'qoe')) return <Navigate to={sectionHref('channels')} replace />;
  if (!itemType || !Number.isInteger(itemId) || itemId <= 0) return <Navigate to={sectionHref('qoe')} replace />;
  // Keyed by item: another item's page starts with its own range and list.
  return <ItemScreen key={`${itemType}:${itemId}`} itemType={itemType as QoeItemType} itemId={itemId} />;
}
