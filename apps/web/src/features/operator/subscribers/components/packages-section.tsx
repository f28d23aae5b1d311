import type { SubscriberPackage } from '@pantalla/contracts';
import { useTranslation } from 'react-i18next';
import { GrantPackage, RevokePackage } from '../actions';
import { useFormats } from '../hooks/use-formats';

const KNOWN_SOURCES = ['registration', 'purchase', 'grant', 'seed', 'refunded', 'revoked'] as const;
type KnownSource = (typeof KNOWN_SOURCES)[number];
const isKnown = (source: string): source is KnownSource => (KNOWN_SOURCES as readonly string[]).includes(source);

/** The account's packages: where each came from and until when; revoke each, grant another. */
export function PackagesSection({ userId, packages }: { userId: number; packages: readonly SubscriberPackage[] }) {
  const { t } = useTranslation('operator-subscribers');
  const { date } = useFormats();
  return (
    <section className="subscriber__card subscriber__card--wide" aria-labelledby="subscriber-packages">
      <h2 id="subscriber-packages">{t('packages.title')}</h2>
      {packages.length === 0 ? (
        <p>{t('packages.none')}</p>
      ) : (
        <div className="operator-table-wrap">
          <table className="operator-table">
            <caption className="visually-hidden">{t('packages.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('packages.columns.name')}</th>
                <th scope="col">{t('packages.columns.source')}</th>
                <th scope="col">{t('packages.columns.since')}</th>
                <th scope="col">{t('packages.columns.until')}</th>
                <th scope="col">{t('packages.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {packages.map((p) => (
                <tr key={p.packageId} className={p.active ? undefined : 'subscriber__inactive'}>
                  <th scope="row">{p.name}</th>
                  <td>{isKnown(p.source) ? t(`packages.source.${p.source}`) : p.source}</td>
                  <td>{date(p.startsAt)}</td>
                  <td>
                    {p.endsAt === null ? t('packages.openEnded') : date(p.endsAt)}
                    {p.active ? null : <span className="subscriber__muted"> · {t('packages.ended')}</span>}
                  </td>
                  <td>
                    <RevokePackage userId={userId} packageId={p.packageId} packageName={p.name} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <GrantPackage userId={userId} />
    </section>
  );
}
