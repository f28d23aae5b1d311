import type { OperatorNowChannel } from '@pantalla/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sectionHref } from '../../sections';

/** Live channels by open streams, heaviest first; each opens its page in the channels section. */
export function NowTable({ rows }: { rows: readonly OperatorNowChannel[] }) {
  const { t, i18n } = useTranslation('operator-now');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div className="operator-table-wrap">
      <table className="operator-table operator-now__table">
        <caption className="operator-now__caption">{t('table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="operator-now__rank">
              {t('table.rank')}
            </th>
            <th scope="col">{t('table.channel')}</th>
            <th scope="col" className="operator-now__count">
              {t('table.streams')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.channelId}>
              <td className="operator-now__rank">{index + 1}</td>
              <th scope="row">
                <Link to={sectionHref('channels', row.channelId)}>
                  {row.number !== null && <span className="operator-now__dial">{row.number}</span>}
                  <span className="operator-now__name">{row.name ?? t('table.deleted', { id: row.channelId })}</span>
                </Link>
              </th>
              <td className="operator-now__count">{number.format(row.openStreams)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
