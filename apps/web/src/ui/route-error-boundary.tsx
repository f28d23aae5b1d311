import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { showFatalError } from '../lib/error-modal-store';
import { Button } from './button';

/** A lazy chunk that fails to download means the network, not a bug. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)
  );
}

/** Per-route error boundary: the rest of the app keeps working; retry reloads. A screen that cannot download also opens the non-recoverable modal. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const unreachable = isChunkLoadError(error);
  const message = unreachable ? t('messages.resourcesUnavailable') : t('messages.unknownError');
  useEffect(() => {
    console.error('Route error', error);
    // Spec: resources that cannot be downloaded are the non-recoverable modal (retry reloads).
    if (unreachable) showFatalError(message);
  }, [error, unreachable, message]);
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <section className="route-error" role="alert" data-status={status ?? undefined}>
      <h1 className="route-error__title">{t('routeError.title')}</h1>
      <p className="route-error__text">{message}</p>
      <div className="route-error__actions">
        <Button onClick={() => window.location.reload()}>{t('actions.retry')}</Button>
        <Link className="btn btn--secondary" to="/" reloadDocument>
          {t('actions.backHome')}
        </Link>
      </div>
    </section>
  );
}
