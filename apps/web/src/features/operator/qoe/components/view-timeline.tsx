import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { QoeEvent, QoeViewRecord } from '@pantalla/contracts';
import { TimeChart } from '../../components/time-chart';

/** The rendition bitrate (kbit/s) from each switch on, held until the view's last event; x strictly ascending (uPlot's, and the table's keys). */
export function bitrateSteps(startedAt: number, events: readonly QoeEvent[]): { x: number[]; kbps: (number | null)[] } {
  const x: number[] = [];
  const kbps: (number | null)[] = [];
  const put = (at: number, value: number | null) => {
    if (x.length > 0 && at <= (x.at(-1) ?? 0)) {
      kbps[kbps.length - 1] = value;
      return;
    }
    x.push(at);
    kbps.push(value);
  };
  let current: number | null = null;
  for (const [offset, kind, value] of events) {
    // The previous rendition holds to just before the switch: the line draws a step.
    if (kind === 'bitrate' && current !== null) put(startedAt + offset - 1, current);
    if (kind === 'bitrate') current = Math.round(value / 1000);
    put(startedAt + offset, current);
  }
  return { x, kbps };
}

/** The buffer ahead of the playhead (s) at each sample; a stall is an empty buffer. */
export function bufferSamples(startedAt: number, events: readonly QoeEvent[]): { x: number[]; seconds: number[] } {
  const x: number[] = [];
  const seconds: number[] = [];
  for (const [offset, kind, value] of events) {
    if (kind !== 'buffer' && kind !== 'stall') continue;
    const at = startedAt + offset;
    const level = kind === 'buffer' ? value / 1000 : 0;
    if (x.length > 0 && at <= (x.at(-1) ?? 0)) seconds[seconds.length - 1] = level;
    else {
      x.push(at);
      seconds.push(level);
    }
  }
  return { x, seconds };
}

/** One view's events in order (intent, first frame, stalls, renditions, failure, end) and its bitrate over time. */
export function ViewTimeline({ view }: { view: QoeViewRecord }) {
  const { t, i18n } = useTranslation('operator-qoe');
  const seconds = useMemo(
    () => new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    [i18n.language],
  );
  const kbit = useMemo(() => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }), [i18n.language]);
  const steps = useMemo(() => bitrateSteps(view.startedAt, view.events), [view]);
  // Stable per answer and language: the chart redraws only when they change.
  // Whole kbit/s ticks: one rendition alone makes a flat line, whose axis would otherwise tick at fractions read as the same number.
  const series = useMemo(
    () => [
      {
        label: t('view.bitrateKbps'),
        values: steps.kbps,
        integer: true,
        format: (v: number) => `${kbit.format(v)} kbit/s`,
      },
    ],
    [steps, t, kbit],
  );
  const buffer = useMemo(() => bufferSamples(view.startedAt, view.events), [view]);
  const bufferSeries = useMemo(
    () => [{ label: t('view.bufferSeconds'), values: buffer.seconds, format: (v: number) => `${seconds.format(v)} s` }],
    [buffer, t, seconds],
  );
  const describe = ([, kind, value]: QoeEvent): string => {
    if (kind === 'buffer') return t('timeline.buffer', { seconds: seconds.format(value / 1000) });
    if (kind === 'bitrate') return t('timeline.bitrate', { kbps: kbit.format(value / 1000) });
    if (kind === 'error') return t('timeline.error', { code: String(value) });
    return t(`timeline.${kind}`);
  };
  return (
    <section aria-labelledby="qoe-view-timeline">
      <h2 id="qoe-view-timeline">{t('timeline.title')}</h2>
      {view.events.length === 0 ? (
        <p>{t('timeline.none')}</p>
      ) : (
        <>
          <ol className="operator-qoe__timeline">
            <li>
              <span>+{seconds.format(0)} s</span> {t('timeline.intent')}
            </li>
            {view.events.map((event, index) => (
              <li
                key={index}
                className={event[1] === 'error' || event[1] === 'stall' ? 'operator-qoe__timeline--bad' : undefined}
              >
                <span>+{seconds.format(event[0] / 1000)} s</span> {describe(event)}
              </li>
            ))}
          </ol>
          {steps.x.length > 0 && (
            <TimeChart label={t('timeline.chart')} x={steps.x} series={series} unit="second" height={180} />
          )}
          {buffer.x.length > 0 && (
            <TimeChart
              label={t('timeline.bufferChart')}
              x={buffer.x}
              series={bufferSeries}
              unit="second"
              height={180}
            />
          )}
        </>
      )}
    </section>
  );
}
