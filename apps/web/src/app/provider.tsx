import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { PageSpinner } from '../ui/spinner';
import { ErrorModalHost } from './error-modal-host';

function Fallback() {
  const { t } = useTranslation();
  return <PageSpinner label={t('app.loading')} />;
}

/** Everything every screen needs: query cache, texts, the global error modal. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<Fallback />}>{children}</Suspense>
        <ErrorModalHost />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
