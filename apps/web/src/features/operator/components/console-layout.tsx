import type { OperatorMe } from '@pantalla/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { canView, SECTIONS, sectionAt, sectionHref, type SectionName } from '../sections';
import { ReauthDialog } from './reauth-dialog';
import '../operator.css';

/**
 * The console's frame: its navigation (only the sections the roles open), the operator, and the
 * section. An address of a section the roles do not open goes to the first one they do.
 */
export function ConsoleLayout({ me }: { me: OperatorMe }) {
  const { t } = useTranslation('operator');
  const { pathname } = useLocation();
  const sections = (Object.keys(SECTIONS) as SectionName[]).filter((section) => canView(me.roles, section));
  const here = sectionAt(pathname);
  const first = sections[0];
  if (here !== undefined && !canView(me.roles, here) && first !== undefined)
    return <Navigate to={sectionHref(first)} replace />;
  return (
    <div className="operator">
      <header className="operator__header">
        <a className="operator__brand" href="/">
          {t('brand')}
        </a>
        <p className="operator__who">
          <span>{me.email}</span>{' '}
          <span className="operator__roles">{me.roles.map((role) => t(`roles.${role}`)).join(' · ')}</span>
        </p>
      </header>
      <nav className="operator__nav" aria-label={t('nav.label')}>
        <ul>
          {sections.map((section) => (
            <li key={section}>
              <NavLink to={sectionHref(section)} end={section === 'now'}>
                {t(`nav.${section}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="operator__main">
        <Outlet context={me} />
      </main>
      <ReauthDialog />
    </div>
  );
}
