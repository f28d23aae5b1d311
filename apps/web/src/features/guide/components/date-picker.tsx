import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLimits, dayKey, startOfDay } from '../lib/geometry';
import { dayLabel } from '../lib/format';

export interface DatePickerProps {
  /** The selectable days: 4 back to 1 ahead of today. */
  days: readonly number[];
  now: number;
  value: number;
  onChange: (day: number) => void;
}

/** Day buttons from 4 days back to 1 day ahead, with previous/next that stop at the limits. */
export function DatePicker({ days, now, value, onChange }: DatePickerProps) {
  const { t, i18n } = useTranslation('guide');
  const { min, max } = dateLimits(now);
  const current = startOfDay(value);
  const index = days.findIndex((d) => d === current);
  const today = startOfDay(now);
  const list = useRef<HTMLUListElement>(null);
  // A phone shows two or three of the six days: the chosen one is brought into view, not left off-screen.
  useLayoutEffect(() => {
    const box = list.current;
    const chosen = box?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!box || !chosen) return;
    const boxRect = box.getBoundingClientRect();
    const dayRect = chosen.getBoundingClientRect();
    if (dayRect.left >= boxRect.left && dayRect.right <= boxRect.right) return;
    box.scrollLeft += dayRect.left - boxRect.left - (boxRect.width - dayRect.width) / 2;
  }, [current]);
  function name(day: number): string {
    const offset = Math.round((day - today) / 86_400_000);
    if (offset === 0) return t('today');
    if (offset === 1) return t('tomorrow');
    if (offset === -1) return t('yesterday');
    return dayLabel(day, i18n.language);
  }
  return (
    <nav className="guide-dates" aria-label={t('datePicker')} data-min={dayKey(min)} data-max={dayKey(max)}>
      <button
        type="button"
        className="guide-dates__step"
        aria-label={t('previousDay')}
        disabled={index <= 0}
        onClick={() => onChange(days[index - 1] as number)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <ul className="guide-dates__list" ref={list}>
        {days.map((day) => (
          <li key={day}>
            <button
              type="button"
              className="guide-dates__day"
              aria-pressed={day === current}
              data-day={dayKey(day)}
              onClick={() => onChange(day)}
              title={dayLabel(day, i18n.language)}
            >
              {name(day)}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="guide-dates__step"
        aria-label={t('nextDay')}
        disabled={index < 0 || index >= days.length - 1}
        onClick={() => onChange(days[index + 1] as number)}
      >
        <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
