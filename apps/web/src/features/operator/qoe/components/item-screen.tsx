import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QoeBreakdownBy, QoeItemReport, QoeRange } from '@pantalla/contracts';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { sectionHref } from '../../sections';
import { useQoeItem, type QoeItemType } from '../api/get-item';
import { AlertList } from './alerts-panel';
import { BreakdownTable } from './breakdown-panel';
import { OverviewFigures } from './overview-panel';
import { RangePicker } from './range-picker';
import { ViewsList } from './views-list';
import '../qoe.css';

const ITEM_BREAKDOWNS = ['device', 'browser', 'region', 'error'] as const satisfies readonly QoeBreakdownBy[];

/** One channel's or title's page: its figures and charts over the range, breakdowns, alerts and recent views. */
export function ItemScreen({ itemType, itemId }: { itemType: QoeItemType; itemId: number }) {
  const { t } = useTranslation('operator-qoe');
  const [range, setRange] = useState<QoeRange>('24h');
  const item = useQoeItem(itemType, itemId, range);
  const data = item.data;
  const title = data?.name ?? t(`items.${itemType}`, { id: String(itemId) });
  useDocumentTitle(`${title} · ${t('title')}`);
  return (
    <section className="operator-qoe" aria-labelledby="operator-qoe-item-title">
      <p>
        <Link to={sectionHref('qoe')}>← {t('item.back')}</Link>
      </p>
      <h1 id="operator-qoe-item-title">{title}</h1>
      <RangePicker range={range} onChange={setRange} />
      {item.isError && !data && <p className="operator-error">{t('error')}</p>}
      {!data && !item.isError && <p role="status">{t('loading')}</p>}
      {data && <ItemFigures data={data} />}
      <section aria-labelledby="qoe-item-views">
        <h2 id="qoe-item-views">{t('views.title')}</h2>
        <ViewsList of={{ itemType, itemId }} showItem={false} />
      </section>
    </section>
  );
}

function ItemFigures({ data }: { data: QoeItemReport }) {
  const { t } = useTranslation('operator-qoe');
  return (
    <>
      <section aria-labelledby="qoe-item-alerts">
        <h2 id="qoe-item-alerts">{t('alerts.title')}</h2>
        {data.alerts.length === 0 ? <p>{t('item.noAlerts')}</p> : <AlertList items={data.alerts} />}
      </section>
      <section aria-labelledby="qoe-item-overview">
        <h2 id="qoe-item-overview">{t('overview')}</h2>
        <OverviewFigures data={data} />
      </section>
      <section aria-labelledby="qoe-item-breakdowns" className="operator-qoe__item-breakdowns">
        <h2 id="qoe-item-breakdowns">{t('breakdown.heading')}</h2>
        {ITEM_BREAKDOWNS.map((by) => (
          <div key={by}>
            <BreakdownTable
              by={by}
              rows={data.breakdowns[by]}
              caption={t('breakdown.caption', { by: t(`breakdown.${by}`) })}
            />
            {data.breakdowns[by].length === 0 && <p>{t('breakdown.empty')}</p>}
          </div>
        ))}
      </section>
    </>
  );
}
