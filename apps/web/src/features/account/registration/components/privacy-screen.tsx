import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../../config/paths';
import { PanelLayout } from '../../../../ui/panel-layout';
import { useSession } from '../../stores/session';
import { useOperator } from '../api/registration-api';
import { returnPath } from '../lib/registration-draft';
import type privacyTable from '../../../../locales/es/privacy.json';
import './registration.css';

type PrivacyKey = keyof typeof privacyTable;

const SECTIONS: readonly { title: PrivacyKey; body: readonly PrivacyKey[]; list?: boolean }[] = [
  { title: 'controllerTitle', body: ['controller'] },
  {
    title: 'dataTitle',
    body: [
      'dataAccount',
      'dataRefresh',
      'dataUserInfo',
      'dataViewing',
      'dataPurchases',
      'dataQuality',
      'dataTechnical',
      'dataLocal',
    ],
    list: true,
  },
  {
    title: 'purposesTitle',
    body: ['purposesContract', 'purposesSecurity', 'purposesMail', 'purposesLegal'],
    list: true,
  },
  {
    title: 'retentionTitle',
    body: ['retentionAccount', 'retentionSessions', 'retentionQuality', 'retentionPurchases'],
    list: true,
  },
  { title: 'rightsTitle', body: ['rights'] },
  { title: 'cookiesTitle', body: ['cookies'] },
  { title: 'contactTitle', body: ['contact'] },
];

/** /privacy/: the privacy and cookies policy, public; names the operator and its provider from configuration. */
export function PrivacyScreen() {
  const { t } = useTranslation('privacy');
  const { t: tc } = useTranslation();
  const { t: tr } = useTranslation('registration');
  const back = returnPath(useLocation().state);
  const { userInfo } = useSession();
  const operator = useOperator();
  const skin = userInfo?.skin ?? operator.data;
  const names = { operator: skin?.operator ?? '', provider: skin?.provider ?? '' };
  return (
    <PanelLayout title={t('title')} wide>
      <article className="policy">
        <p className="policy__updated">{t('updated')}</p>
        <p>{t('intro', names)}</p>
        {SECTIONS.map((section) => (
          <section key={section.title} aria-labelledby={`policy-${section.title}`}>
            <h2 id={`policy-${section.title}`}>{t(section.title)}</h2>
            {section.list ? (
              <ul>
                {section.body.map((key) => (
                  <li key={key}>{t(key, names)}</li>
                ))}
              </ul>
            ) : (
              section.body.map((key) => <p key={key}>{t(key, names)}</p>)
            )}
          </section>
        ))}
        {back ? (
          <Link className="btn btn--secondary" to={back}>
            {tr('backToForm')}
          </Link>
        ) : (
          <Link className="btn btn--secondary" to={paths.landing.getHref()}>
            {tc('actions.backHome')}
          </Link>
        )}
      </article>
    </PanelLayout>
  );
}
