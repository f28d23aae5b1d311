import { useTranslation } from 'react-i18next';

/** /operador/ section 'subscribers' (lazy route module). */
export function Component() {
  const { t } = useTranslation('operator');
  return <h1>{t('nav.subscribers')}</h1>;
}
