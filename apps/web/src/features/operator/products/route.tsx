import { useTranslation } from 'react-i18next';

/** /operador/ section 'products' (lazy route module). */
export function Component() {
  const { t } = useTranslation('operator');
  return <h1>{t('nav.products')}</h1>;
}
