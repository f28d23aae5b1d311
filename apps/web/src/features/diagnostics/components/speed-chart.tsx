import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GOOD_MBPS, isGood, type ServerResult } from '../lib/speed-test';

const BAR = 24;
const LABEL = 22;
const ROW = LABEL + BAR + 14;
const TOP = 30;
const VALUE_ROOM = 90;

/** A scale that always shows the 6 Mbps line with room to its right. */
export function chartMax(values: readonly number[]): number {
  const top = Math.max(GOOD_MBPS * 2, ...values);
  const step = top > 50 ? 50 : top > 20 ? 10 : 5;
  return Math.ceil(top / step) * step;
}

const hostOf = (url: string) => {
  try {
    return new URL(url, 'http://x').host || url;
  } catch {
    return url;
  }
};

/** The drawing follows its box's width, so its text keeps its size on a phone and on a desktop. */
function useWidth(fallback: number) {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) =>
      setWidth(Math.max(260, Math.round(entry?.contentRect.width ?? fallback))),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallback]);
  return { ref, width };
}

/** Each measured server as a bar against the 6 Mbps line; an image described in words for screen readers. */
export function SpeedChart({ results }: { results: readonly ServerResult[] }) {
  const { t } = useTranslation('diagnostics');
  const id = useId();
  const { ref, width } = useWidth(640);
  const values = results.map((r) => r.mbps ?? 0);
  const max = chartMax(values);
  const plot = width - VALUE_ROOM;
  const x = (mbps: number) => (Math.min(mbps, max) / max) * plot;
  const height = TOP + results.length * ROW;
  return (
    <figure className="speed-chart" ref={ref}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="speed-chart__svg"
      >
        <title id={`${id}-title`}>{t('conndiag.chartTitle')}</title>
        <desc id={`${id}-desc`}>
          {t('conndiag.chartSummary', {
            count: results.length,
            good: GOOD_MBPS,
            goodCount: values.filter(isGood).length,
          })}
        </desc>
        {/* Bars, then the line over them, then the words over both (with a halo). */}
        <g aria-hidden="true">
          {results.map((result, index) => {
            const mbps = result.mbps ?? 0;
            return (
              <rect
                key={index}
                x={0}
                y={TOP + index * ROW + LABEL}
                width={Math.max(2, x(mbps))}
                height={BAR}
                rx={4}
                className={isGood(mbps) ? 'speed-chart__bar--good' : 'speed-chart__bar--slow'}
              />
            );
          })}
          <line x1={x(GOOD_MBPS)} x2={x(GOOD_MBPS)} y1={TOP - 8} y2={height} className="speed-chart__threshold" />
          <text x={x(GOOD_MBPS)} y={TOP - 12} textAnchor="middle" className="speed-chart__threshold-label">
            {t('conndiag.threshold', { good: GOOD_MBPS })}
          </text>
          {results.map((result, index) => {
            const y = TOP + index * ROW;
            const mbps = result.mbps ?? 0;
            return (
              <g key={index}>
                <text x={0} y={y + 14} className="speed-chart__label">
                  {result.server.name} · {hostOf(result.server.baseUrl)}
                </text>
                <text x={x(mbps) + 8} y={y + LABEL + BAR / 2 + 5} className="speed-chart__value">
                  {t('conndiag.mbps', { value: mbps.toFixed(1) })}
                </text>
              </g>
            );
          })}
        </g>
      </svg>
    </figure>
  );
}
