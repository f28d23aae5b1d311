import type { SubscriberHit } from '@pantalla/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { sectionHref } from '../../sections';
import { useFormats } from '../hooks/use-formats';

/** The accounts found: each e-mail opens the subscriber's page. */
export function SearchResults({ hits }: { hits: readonly SubscriberHit[] }) {
  const { t } = useTranslation('operator-subscribers');
  const { date } = useFormats();
  // The page's back link returns to these results.
  const { search } = useLocation();
  return (
    <div className="operator-table-wrap">
      <table className="operator-table subscribers__results">
        <caption className="visually-hidden">{t('search.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('search.columns.email')}</th>
            <th scope="col">{t('search.columns.name')}</th>
            <th scope="col">{t('search.columns.id')}</th>
            <th scope="col">{t('search.columns.created')}</th>
            <th scope="col">{t('search.columns.state')}</th>
          </tr>
        </thead>
        <tbody>
          {hits.map((hit) => (
            <tr key={hit.id}>
              <td className="subscribers__email">
                <Link to={sectionHref('subscribers', hit.id)} state={{ search }}>
                  {hit.email}
                </Link>
              </td>
              <td>{`${hit.name} ${hit.surname}`.trim()}</td>
              <td>{hit.id}</td>
              <td>
                <time dateTime={new Date(hit.createdAt).toISOString()}>{date(hit.createdAt)}</time>
              </td>
              <td>
                {hit.locked ? <strong className="subscribers__locked">{t('state.locked')}</strong> : t('state.open')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
