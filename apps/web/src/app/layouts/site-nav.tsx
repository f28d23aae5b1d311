import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';

export interface SiteNavLink {
  to: string;
  label: string;
  end?: boolean;
}

/**
 * The header's links. Wide windows show them in a row; phones and portrait tablets fold them
 * behind a 44 px menu button (app-header.css), so nothing prints over the page below.
 */
export function SiteNav({ links }: { links: SiteNavLink[] }) {
  const { t } = useTranslation('screens');
  const { t: tc } = useTranslation();
  const location = useLocation();
  // Opened on one page: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const navId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // A tap anywhere else folds the menu away, as a phone user expects.
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div
      ref={rootRef}
      className={`site-nav${open ? ' site-nav--open' : ''}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpenOn(null);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="site-nav__button"
        aria-expanded={open}
        aria-controls={navId}
        onClick={() => setOpenOn(open ? null : location.pathname)}
      >
        <span className="site-nav__icon" aria-hidden="true" />
        <span className="visually-hidden">{t('menu')}</span>
      </button>
      <nav id={navId} className="app-header__nav" aria-label={tc('nav.label')}>
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className="app-header__link">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
