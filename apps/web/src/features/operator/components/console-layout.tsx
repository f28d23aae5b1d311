import type { OperatorMe } from '@pantalla/contracts';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { canView, SECTIONS, sectionHref, type SectionName } from '../sections';
import { ReauthDialog } from './reauth-dialog';
import '../operator.css';

/** The console's frame: its navigation (only the sections the roles open), the operator, and the section. */
export function ConsoleLayout({ me }: { me: OperatorMe }) {
  const { t } = useTranslation('operator');
  const sections = (Object.keys(SECTIONS) as SectionName[]).filter((section) => canView(me.roles, section));
  return (
    <div className="operator">
      <header className="operator__header">
        <a className="operator__brand" href="/">
          {t('brand')}
        </a>
        <p className="operator__who">
          <span>{me.email}</span> <span className="operator__roles">{me.roles.map((role) => t(`roles.${role}`)).join(' · ')}</span>
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
