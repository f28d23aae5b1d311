import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { QoeOverview, QoeRange } from '@pantalla/contracts';
import { TimeChart } from '../../components/time-chart';
import { useQoeOverview } from '../api/get-overview';
import { qoeFormats } from './format';

/** The range's totals and its charts: views and concurrent viewers, start-up p50/p95, rebuffer % and failure %. */
export function OverviewPanel({ range }: { range: QoeRange }) {
  const { t } = useTranslation('operator-qoe');
  const overview = useQoeOverview(range);
  const data = overview.data;
  if (overview.isError && !data) return <p className="operator-error">{t('error')}</p>;
  if (!data) return <p>{t('loading')}</p>;
  return (
    <section aria-labelledby="qoe-overview-title">
      <h2 id="qoe-overview-title">{t('overview')}</h2>
      <OverviewFigures data={data} />
    </section>
  );
}

/** The figures of a range (every item's, or one's) and their charts. */
export function OverviewFigures({ data }: { data: QoeOverview }) {
  const { t, i18n } = useTranslation('operator-qoe');
  const f = qoeFormats(i18n.language);
  const { totals } = data;
  const figures: [string, string][] = [
    [t('figures.views'), f.count(totals.views)],
    [t('figures.viewers'), f.count(totals.uniqueViewers)],
    [t('figures.peak'), f.count(data.peakConcurrent)],
    [t('figures.score'), f.score(totals.startupScore)],
    [t('figures.p50'), f.ms(totals.startupP50Ms)],
    [t('figures.p95'), f.ms(totals.startupP95Ms)],
    [t('figures.rebuffer'), f.pct(totals.rebufferPct)],
    [t('figures.failures'), f.pct(totals.failurePct)],
    [t('figures.exits'), `${f.count(totals.exitsBeforeStart)} (${f.pct(totals.exitBeforeStartPct)})`],
  ];
  return (
    <>
      <dl className="operator-qoe__figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Charts data={data} />
    </>
  );
}

function Charts({ data }: { data: QoeOverview }) {
  const { t, i18n } = useTranslation('operator-qoe');
  const f = qoeFormats(i18n.language);
  // A week's or a month's buckets read with their date; an hour's or a day's by the time alone.
  const unit = data.range === '7d' || data.range === '30d' ? 'hour' : 'minute';
  // Stable arrays per answer: the chart redraws only when the data change.
  const charts = useMemo(() => {
    const x = data.points.map((p) => p.at);
    return {
      x,
      audience: [
        { label: t('figures.views'), values: data.points.map((p) => p.views) },
        { label: t('figures.concurrent'), values: data.points.map((p) => p.concurrent) },
      ],
      startup: [
        { label: t('figures.p50'), values: data.points.map((p) => p.startupP50Ms), format: f.ms },
        { label: t('figures.p95'), values: data.points.map((p) => p.startupP95Ms), format: f.ms },
      ],
      problems: [
        { label: t('figures.rebuffer'), values: data.points.map((p) => p.rebufferPct), format: f.pct },
        { label: t('figures.failures'), values: data.points.map((p) => p.failurePct), format: f.pct },
      ],
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the formatters follow the language, which t follows
  }, [data, t]);
  return (
    <div className="operator-qoe__charts">
      <TimeChart label={t('charts.audience')} x={charts.x} series={charts.audience} unit={unit} height={200} />
      <TimeChart label={t('charts.startup')} x={charts.x} series={charts.startup} unit={unit} height={200} />
      <TimeChart label={t('charts.problems')} x={charts.x} series={charts.problems} unit={unit} height={200} />
    </div>
  );
}
