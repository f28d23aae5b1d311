import { useTranslation } from 'react-i18next';

/** /operador/ section 'channels' (lazy route module). */
export function Component() {
  const { t } = useTranslation('operator');
  return <h1>{t('nav.channels')}</h1>;
}
