import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
// The pages' common layout: every page under this header needs it, and only those pages.
import './browse-pages.css';

function ArrowIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path
        d="M15.5 4.5 8 12l7.5 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

export interface PageHeaderProps {
  title: ReactNode;
  /** The window's title when the heading is not plain text. */
  documentTitle?: string;
  subtitle?: ReactNode;
  /** The back arrow (genre pages). */
  onBack?: () => void;
  /** A close link to the home (sports, search, calendar). */
  close?: boolean;
  /** Shown before the title (the calendar's operator logo). */
  logo?: ReactNode;
  /** Filter controls on the right. */
  children?: ReactNode;
}

/** The browse pages' header: back arrow or close link, title, and the page's controls. */
export function PageHeader({ title, documentTitle, subtitle, onBack, close, logo, children }: PageHeaderProps) {
  const { t } = useTranslation('explore');
  // The page's heading names the window too (pages with a composed heading pass documentTitle).
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : null));
  return (
    <header className="page-header">
      {onBack ? (
        <button type="button" className="page-header__icon" onClick={onBack} aria-label={t('back')}>
          <ArrowIcon />
        </button>
      ) : null}
      {logo ? <div className="page-header__logo">{logo}</div> : null}
      <div className="page-header__titles">
        <h1 className="page-header__title">{title}</h1>
        {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
      </div>
      {children ? <div className="page-header__controls">{children}</div> : null}
      {close ? (
        <Link to={paths.landing.getHref()} className="page-header__icon page-header__close" aria-label={t('close')}>
          <CloseIcon />
        </Link>
      ) : null}
    </header>
  );
}
