import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { returnPathOf } from '../checkout-draft';
import { PanelLayout } from '../../../ui/panel-layout';
import './commerce.css';

/** /terms/: the general terms of contract the checkout links to (public). */
export function TermsScreen() {
  const { t } = useTranslation('commerce');
  const back = returnPathOf(useLocation().state);
  const sections = t('terms.sections', { returnObjects: true }) as Array<{ heading: string; body: string }>;
  return (
    <PanelLayout title={t('terms.title')} wide>
      <div className="terms">
        <p className="commerce-note">{t('terms.updated')}</p>
        {Array.isArray(sections)
          ? sections.map((s) => (
              <section key={s.heading}>
                <h2>{s.heading}</h2>
                <p>{s.body}</p>
              </section>
            ))
          : null}
        {back ? (
          <Link className="btn btn--secondary" to={back}>
            {t('terms.back')}
          </Link>
        ) : null}
      </div>
    </PanelLayout>
  );
}
