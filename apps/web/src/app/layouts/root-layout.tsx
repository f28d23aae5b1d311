import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration } from 'react-router';
import { useSession } from '../../features/account';
import { paths } from '../../config/paths';
import { useCatalogueLoad } from '../../lib/catalogue';
import { currentProfile } from '../../lib/current-profile';
import { PageSpinner } from '../../ui/spinner';
import { useGuideFill } from './use-guide-fill';
import { StagingNotice } from './staging-notice';

/** Waits for the boot refresh, so no screen decides on a session that is still coming. */
export function RootLayout() {
  const { t } = useTranslation();
  const { restoring, status, userInfo } = useSession();
  // Rendered again on a switch of profile: the load's queries, removed for the new profile, are asked anew.
  useSyncExternalStore(currentProfile.subscribe, () => currentProfile.of(userInfo?.email)?.id);
  // The start-up load runs once signed in, whatever screen the user landed on.
  const { lineup, loadDone } = useCatalogueLoad({
    regionId: userInfo?.regionId ?? null,
    enabled: status === 'authenticated',
  });
  useGuideFill({ lineupId: lineup?.id, loadDone, user: userInfo });
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {restoring ? <PageSpinner label={t('app.restoring')} /> : <Outlet />}
      <StagingNotice />
      <ScrollRestoration />
    </>
  );
}

/** The route guard: without a session every screen below sends the visitor to /. */
export function RequireSession() {
  const { status } = useSession();
  if (status !== 'authenticated') return <Navigate to={paths.landing.getHref()} replace />;
  return <Outlet />;
}

export function LoadingScreen() {
  const { t } = useTranslation();
  return <PageSpinner label={t('app.loading')} />;
}
