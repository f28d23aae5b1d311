import { useTranslation } from 'react-i18next';

/** /operador/ section 'roles' (lazy route module). */
export function Component() {
  const { t } = useTranslation('operator');
  return <h1>{t('nav.roles')}</h1>;
}
