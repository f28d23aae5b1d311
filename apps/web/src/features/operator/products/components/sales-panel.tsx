import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeChart, type TimeSeries } from '../../components/time-chart';
import { useSales } from '../api/get-sales';
import { Field } from './field';
import { formatMoney } from './money';

const RANGES = [30, 90, 365] as const;
const DAY_MS = 86_400_000;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Sales per UTC day over the last 30, 90 or 365 days: the number of sales and their gross amount. */
export function SalesPanel({ productId, currency }: { productId: number; currency: string }) {
  const { t, i18n } = useTranslation('operator-products');
  const { t: tc } = useTranslation('operator');
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  // Today (UTC), as the page opened, is the last day.
  const [today] = useState(() => Date.now());
  const from = dayOf(today - (days - 1) * DAY_MS);
  const to = dayOf(today);
  const sales = useSales(productId, from, to);
  const data = sales.data;
  const locale = i18n.language;
  const chart = useMemo(() => {
    if (!data) return null;
    const x = data.days.map((d) => d.at);
    const count: TimeSeries[] = [
      {
        label: t('sales.count'),
        integer: true,
        values: data.days.map((d) => d.count),
        format: (v) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(v),
      },
    ];
    const gross: TimeSeries[] = [
      {
        label: t('sales.gross'),
        values: data.days.map((d) => d.grossCents),
        color: '#ffb347',
        format: (v) => formatMoney(v, data.currency, locale),
      },
    ];
    return { x, count, gross };
  }, [data, locale, t]);
  const dateText = (day: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  const description = data
    ? t('sales.total', {
        count: data.totalCount,
        gross: formatMoney(data.totalGrossCents, data.currency || currency, locale),
        from: dateText(from),
        to: dateText(to),
      })
    : undefined;

  return (
    <section className="sales-panel" aria-labelledby="sales-title" aria-busy={sales.isFetching}>
      <div className="sales-panel__head">
        <h2 id="sales-title">{t('sales.title')}</h2>
        <Field label={t('sales.range')}>
          <select value={days} onChange={(e) => setDays(Number(e.target.value) as (typeof RANGES)[number])}>
            {RANGES.map((n) => (
              <option key={n} value={n}>
                {t('sales.days', { count: n })}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {sales.isError ? (
        <p role="alert" className="operator-error">
          {tc('common.error')}
        </p>
      ) : null}
      {!data && sales.isPending ? <p>{t('sales.loading')}</p> : null}
      {chart ? (
        <div className="sales-panel__charts">
          <TimeChart
            label={t('sales.countChart')}
            description={description}
            unit="day"
            x={chart.x}
            series={chart.count}
            height={200}
          />
          <TimeChart label={t('sales.grossChart')} unit="day" x={chart.x} series={chart.gross} height={200} />
        </div>
      ) : null}
    </section>
  );
}
