import { memo } from 'react';
import { formatClock } from '../../../lib/date';
import { SLOT_WIDTH, startOfDay, timeToX } from '../lib/geometry';
import { dayLabel } from '../lib/format';

const HOUR = 3_600_000;

/** The hourly slots (400 px each) overlapping the rendered window; midnight slots name their day. */
export const TimeRuler = memo(function TimeRuler({
  origin,
  from,
  to,
  end,
  language,
}: {
  origin: number;
  from: number;
  to: number;
  end: number;
  language: string;
}) {
  const slots = [];
  const first = Math.max(origin, Math.floor((from - origin) / HOUR) * HOUR + origin);
  for (let time = first; time < Math.min(to, end); time += HOUR) {
    const midnight = startOfDay(time) === time;
    slots.push(
      <div
        key={time}
        className={`guide-ruler__slot${midnight ? ' guide-ruler__slot--day' : ''}`}
        style={{ transform: `translateX(${timeToX(time, origin)}px)`, width: SLOT_WIDTH }}
      >
        {midnight ? <span className="guide-ruler__day">{dayLabel(time, language)}</span> : null}
        <span className="guide-ruler__hour">{formatClock(time)}</span>
      </div>,
    );
  }
  return (
    <div className="guide-ruler" aria-hidden="true">
      {slots}
    </div>
  );
});
