import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { GENRE_AMC } from '@pantalla/contracts';
import { useAuthenticatedUser, useLogout } from '../../features/account';
import { SearchBox } from '../../features/search';
import { CHANNELS_GENRE_ID, paths } from '../../config/paths';
import { currentProfile } from '../../lib/current-profile';
import { OperatorLogo } from '../../ui/brand';
import { Button } from '../../ui/button';
import { LanguageToggle } from '../../ui/language-toggle';
import { SiteNav, type SiteNavLink } from './site-nav';
import './app-header.css';

/** Spec: the navigation turns opaque after 200 px of scrolling. */
export const OPAQUE_AFTER_PX = 200;
/** Spec: dropdowns hide 250 ms after the pointer leaves. */
const DROPDOWN_HIDE_MS = 250;

function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > px);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > px);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [px]);
  return past;
}

/** The account menu: who is signed in, settings, diagnostics and the language. */
function AccountMenu({ email, onLogout }: { email: string; onLogout: () => void }) {
  const { t } = useTranslation();
  const { t: tb } = useTranslation('browse');
  const location = useLocation();
  // Opened on one page: it is closed as soon as the user navigates elsewhere.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const setOpen = (next: boolean | ((was: boolean) => boolean)) => {
    const value = typeof next === 'function' ? next(open) : next;
    setOpenOn(value ? location.pathname : null);
  };
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);
  const profile = useSyncExternalStore(currentProfile.subscribe, () => currentProfile.of(email));
  return (
    <div
      ref={rootRef}
      className="account-menu"
      onMouseLeave={() => {
        if (open) hideTimer.current = window.setTimeout(() => setOpen(false), DROPDOWN_HIDE_MS);
      }}
      onMouseEnter={() => window.clearTimeout(hideTimer.current)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          rootRef.current?.querySelector<HTMLButtonElement>('.account-menu__button')?.focus();
        }
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="account-menu__avatar" aria-hidden="true">
          {email.charAt(0).toUpperCase()}
        </span>
        <span className="visually-hidden">{t('nav.account')}</span>
      </button>
      <div id={menuId} className="account-menu__panel" hidden={!open}>
        <p className="account-menu__who">{t('home.signedInAs', { email })}</p>
        <ul className="account-menu__links">
          <li>
            {/* Issue 30: "¿Quién está viendo?" (its own chunk) switches profile. */}
            <button
              type="button"
              className="account-menu__link account-menu__profile"
              onClick={() => {
                setOpen(false);
                currentProfile.openPicker();
              }}
            >
              {t('nav.switchProfile')}
              {profile ? ` · ${profile.name}` : ''}
            </button>
          </li>
          <li>
            <NavLink to={paths.settings.getHref()} className="account-menu__link">
              {t('nav.settings')}
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.myList.getHref()} className="account-menu__link">
              {tb('home.myList')}
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.recordings.getHref()} className="account-menu__link">
              {t('nav.recordings')}
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.diagnostics.getHref()} className="account-menu__link">
              {t('nav.diagnostics')}
            </NavLink>
          </li>
        </ul>
        {/* Shown only where the header has no room for its own logout button. */}
        <button type="button" className="account-menu__link account-menu__logout" onClick={onLogout}>
          {t('actions.logout')}
        </button>
        <div className="account-menu__language">
          <span>{tb('header.language')}</span>
          <LanguageToggle />
        </div>
      </div>
    </div>
  );
}

/** The signed-in header: operator logo (3002), the spec's links, search, account and logout. */
export function AppHeader() {
  const { t } = useTranslation();
  const { t: tb } = useTranslation('browse');
  const user = useAuthenticatedUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const opaque = useScrolledPast(OPAQUE_AFTER_PX);

  const links: SiteNavLink[] = [
    { to: paths.landing.getHref(), label: t('nav.home'), end: true },
    { to: paths.guide.getHref(), label: t('nav.guide') },
    { to: paths.genres.getHref(), label: t('nav.genres'), end: true },
    { to: paths.genre.getHref(CHANNELS_GENRE_ID), label: t('nav.channels') },
    { to: paths.genreAlt.getHref(GENRE_AMC), label: tb('header.amc') },
    { to: paths.sports.getHref(), label: t('nav.sports') },
    { to: paths.calendar.getHref(), label: t('nav.calendar') },
  ];

  function onLogout() {
    logout.mutate(undefined, { onSettled: () => void navigate(paths.landing.getHref(), { replace: true }) });
  }

  return (
    <header className={`app-header${opaque ? ' app-header--opaque' : ''}`}>
      <NavLink to={paths.landing.getHref()} className="app-header__logo" aria-label={t('nav.home')}>
        <OperatorLogo skin={user.skin} type={3002} />
      </NavLink>
      <SiteNav links={links} />
      <div className="app-header__tools">
        <SearchBox />
        <AccountMenu email={user.email} onLogout={onLogout} />
        <Button variant="ghost" className="app-header__logout" onClick={onLogout} loading={logout.isPending}>
          {t('actions.logout')}
        </Button>
      </div>
    </header>
  );
}
