import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import { Wordmark } from './brand';
import { LanguageToggle } from './language-toggle';

/** The signed-out screens' frame: brand bar, one centred panel, language toggle. */
export function PanelLayout({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className="panel-layout">
      <header className="panel-layout__bar">
        <Link to="/" className="panel-layout__home">
          <Wordmark />
        </Link>
        <LanguageToggle />
      </header>
      <main id="main" className="panel-layout__main">
        <section className={`panel${wide ? ' panel--wide' : ''}`} aria-labelledby="panel-title">
          <h1 id="panel-title" className="panel__title">
            {title}
          </h1>
          {children}
        </section>
      </main>
      <footer className="panel-layout__footer">
        <p>{t('app.tagline')}</p>
      </footer>
    </div>
  );
}
