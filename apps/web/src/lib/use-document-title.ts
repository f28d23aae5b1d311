import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The window's title: the screen's name, then the product's, so tabs and history tell screens apart. */
export function documentTitle(screen: string | null | undefined, product: string): string {
  const name = screen?.trim();
  return name ? `${name} · ${product}` : product;
}

/** Each screen names itself; called by the screen, not its layout, so the deepest screen wins. */
export function useDocumentTitle(screen: string | null | undefined): void {
  const { t } = useTranslation();
  const title = documentTitle(screen, t('app.name'));
  useEffect(() => {
    document.title = title;
  }, [title]);
}
