import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageSpinner } from '../../ui/spinner';
import { prefetchOperatorMe, useOperatorMe } from './api/me';
import { ConsoleLayout } from './components/console-layout';

/** The door's call leaves with the code, beside the section's own first call. */
export function loader() {
  prefetchOperatorMe();
  return null;
}

/**
 * /operador/ (lazy): the console for operators. Anyone else gets what any unknown address
 * gives (back to the start), never the console's frame.
 */
export function Component() {
  const { t } = useTranslation('operator');
  const me = useOperatorMe();
  useDocumentTitle(t('title'));
  if (me.isPending) return <PageSpinner label={t('loading')} />;
  if (me.isError) return <Navigate to={paths.landing.getHref()} replace />;
  return <ConsoleLayout me={me.data} />;
}
