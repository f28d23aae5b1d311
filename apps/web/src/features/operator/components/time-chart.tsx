import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import './time-chart.css';

/** One line of a time chart: its name (legend, table header) and one value per x (null: a gap). */
export interface TimeSeries {
  label: string;
  values: readonly (number | null)[];
  /** CSS colour of the line; a palette colour when left out. */
  color?: string;
  /** How a value reads in the legend, the axis and the table (default: the locale's number). */
  format?: (value: number) => string;
  /** Whole numbers only (counts): the axis never ticks at 0.5. */
  integer?: boolean;
}

/** Props of {@link TimeChart}. */
export interface TimeChartProps {
  /** The chart's accessible name and visible caption. */
  label: string;
  /** x values, epoch ms, ascending: one per day or per minute. */
  x: readonly number[];
  series: readonly TimeSeries[];
  /** How x reads in the table and the axis: a date (day), a date and time (hour: a week or a month of buckets) or a time (minute). */
  unit: 'day' | 'hour' | 'minute' | 'second';
  /** A short sentence said to screen readers besides the table (a total, a trend). */
  description?: string;
  height?: number;
}

/** Tick steps of a count axis. */
const WHOLE_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 1_000_000,
];

const PALETTE = ['#5aa9ff', '#ffb347', '#7bd88f', '#ff6b8a', '#c792ea'];

type UPlotClass = typeof uPlot;
// uPlot and its CSS load with the first chart, never with the console's (or the home's) chunk.
let uplotLoad: Promise<UPlotClass> | null = null;
function loadUPlot(): Promise<UPlotClass> {
  // The typings say `export =`; the ES build Vite bundles has a default export.
  uplotLoad ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
    ([module]) => (module as unknown as { default?: UPlotClass }).default ?? (module as unknown as UPlotClass),
  );
  return uplotLoad;
}

/**
 * A time-series chart (uPlot, loaded lazily): x is days or minutes, one or more series.
 * The canvas is hidden from assistive technology; a described figure and a data table
 * (behind a disclosure) say the same numbers.
 */
export function TimeChart({ label, x, series, unit, description, height = 240 }: TimeChartProps) {
  const { t, i18n } = useTranslation('operator');
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const captionId = useId();
  const descriptionId = useId();
  const locale = i18n.language;
  const formatX = xFormatter(unit, locale);
  const numbers = new Intl.NumberFormat(locale);
  const formatOf = (s: TimeSeries) => s.format ?? ((value: number) => numbers.format(value));

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let chart: uPlot | null = null;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    loadUPlot()
      .then((UPlot) => {
        if (cancelled) return;
        const width = Math.max(element.clientWidth, 200);
        // A canvas knows no currentColor: the axes take the text colour the page gives the chart.
        const ink = getComputedStyle(element).color || '#f2f2f2';
        const options = chartOptions({ width, height, series, formatX, formatOf, timeLabel: t('chart.time'), ink });
        const data: uPlot.AlignedData = [x as number[], ...series.map((s) => s.values as (number | null)[])];
        chart = new UPlot(options, data, element);
        observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(element.clientWidth, 200), height }));
        observer.observe(element);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
    // Redrawn when the data or the language change; the formatters follow those.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [x, series, height, locale, unit]);

  return (
    <figure
      className="time-chart"
      aria-labelledby={captionId}
      aria-describedby={description ? descriptionId : undefined}
    >
      <figcaption id={captionId} className="time-chart__caption">
        {label}
      </figcaption>
      {description && (
        <p id={descriptionId} className="time-chart__description">
          {description}
        </p>
      )}
      {!failed && <div ref={holder} className="time-chart__plot" aria-hidden="true" style={{ minHeight: height }} />}
      <DataTable
        label={label}
        x={x}
        series={series}
        open={failed}
        formatX={formatX}
        formatOf={formatOf}
        timeLabel={t('chart.time')}
        showLabel={t('chart.showTable')}
      />
    </figure>
  );
}

function xFormatter(unit: TimeChartProps['unit'], locale: string): (at: number) => string {
  const format =
    unit === 'day'
      ? new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' })
      : unit === 'hour'
        ? new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })
        : new Intl.DateTimeFormat(locale, {
            hour: '2-digit',
            minute: '2-digit',
            ...(unit === 'second' ? { second: '2-digit' } : {}),
          });
  return (at) => format.format(new Date(at));
}

/** Indices of values with no value either side: a line cannot draw them, a marker does. */
export function isolatedPoints(values: readonly (number | null | undefined)[]): number[] {
  const out: number[] = [];
  values.forEach((value, i) => {
    if (value != null && values[i - 1] == null && values[i + 1] == null) out.push(i);
  });
  return out;
}

interface OptionsInput {
  width: number;
  height: number;
  series: readonly TimeSeries[];
  formatX: (at: number) => string;
  formatOf: (s: TimeSeries) => (value: number) => string;
  timeLabel: string;
  /** The axes' and ticks' colour. */
  ink: string;
}

function chartOptions({ width, height, series, formatX, formatOf, timeLabel, ink }: OptionsInput): uPlot.Options {
  return {
    width,
    height,
    ms: 1,
    legend: { show: series.length > 1 },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true } },
    axes: [
      {
        stroke: ink,
        grid: { stroke: 'rgba(255,255,255,0.08)' },
        ticks: { stroke: 'rgba(255,255,255,0.2)' },
        values: (_u, ticks) => ticks.map((tick) => formatX(tick)),
      },
      {
        stroke: ink,
        ticks: { stroke: 'rgba(255,255,255,0.2)' },
        ...(series[0]?.integer ? { incrs: WHOLE_STEPS } : {}),
        grid: { stroke: 'rgba(255,255,255,0.08)' },
        size: 60,
        values: (_u, ticks) => ticks.map((tick) => (series[0] ? formatOf(series[0])(tick) : String(tick))),
      },
    ],
    series: [
      { label: timeLabel, value: (_u, value) => (value == null ? '' : formatX(value)) },
      ...series.map((s, index) => ({
        label: s.label,
        stroke: s.color ?? PALETTE[index % PALETTE.length],
        width: 2,
        // Where uPlot draws no markers (dense data), an isolated value (a range with one busy bucket) still gets one.
        points: {
          size: 7,
          filter: (u: uPlot, seriesIdx: number, show: boolean) => {
            if (show) return null;
            const idxs = isolatedPoints(Array.from(u.data[seriesIdx] ?? []));
            return idxs.length > 0 ? idxs : null;
          },
        },
        value: (_u: uPlot, value: number | null) => (value == null ? '–' : formatOf(s)(value)),
      })),
    ],
  };
}

interface DataTableProps {
  label: string;
  x: readonly number[];
  series: readonly TimeSeries[];
  open: boolean;
  formatX: (at: number) => string;
  formatOf: (s: TimeSeries) => (value: number) => string;
  timeLabel: string;
  showLabel: string;
}

/** The chart's numbers as a table: what a screen reader (or a failed chart) gets. */
function DataTable({ label, x, series, open, formatX, formatOf, timeLabel, showLabel }: DataTableProps) {
  return (
    <details className="time-chart__data" open={open}>
      <summary>{showLabel}</summary>
      <div className="operator-table-wrap">
        <table className="operator-table">
          <caption className="time-chart__table-caption">{label}</caption>
          <thead>
            <tr>
              <th scope="col">{timeLabel}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {x.map((at, row) => (
              <tr key={at}>
                <th scope="row">{formatX(at)}</th>
                {series.map((s) => {
                  const value = s.values[row];
                  return <td key={s.label}>{value == null ? '–' : formatOf(s)(value)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
