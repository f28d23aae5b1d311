import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paymentsStatusSchema, type PaymentsStatus } from '@pantalla/contracts';
import { api } from '../../lib/api-client';
import './staging-notice.css';

function getPaymentsStatus({ signal }: { signal?: AbortSignal }): Promise<PaymentsStatus> {
  return api.get('/payments/status', { schema: paymentsStatusSchema, signal, auth: false });
}

/**
 * Every page's footer on a staging server (production serving the payment sandbox): its
 * test cards grant packages, so nobody should take it for the real service.
 */
export function StagingNotice() {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: ['payments-status'],
    queryFn: getPaymentsStatus,
    staleTime: Infinity,
    retry: false,
  });
  if (!status.data?.stagingSandbox) return null;
  return (
    // A note, not a second contentinfo landmark: some screens have their own footer.
    <div className="staging-notice" role="note">
      <p>{t('app.stagingNotice')}</p>
    </div>
  );
}
