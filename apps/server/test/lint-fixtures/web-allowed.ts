// lint-as: apps/web/src/features/settings/components/fixture.tsx
// expect: nothing
import { useSession } from '../../account';
import { PurchasesSection } from '../../commerce/index';
import { paths } from '../../../config/paths';
import { PanelLayout } from '../../../ui/panel-layout';
import { priceLabel } from '../lib/fixture-price';

export const parts = [useSession, PurchasesSection, paths, PanelLayout, priceLabel];
export const loadOwn = () => import('../routes/fixture-route');
