import { useTranslation } from 'react-i18next';

/** /operador/ section 'now' (lazy route module). */
export function Component() {
  const { t } = useTranslation('operator');
  return <h1>{t('nav.now')}</h1>;
}
