import { useTranslation } from 'react-i18next';

/** /operador/ section 'audit' (lazy route module). */
export function Component() {
  const { t } = useTranslation('operator');
  return <h1>{t('nav.audit')}</h1>;
}
