/** Our guide grid (apps/web's GuideGrid, the product component) on generated data. */
import '../../../apps/web/src/styles/global.css';
import '../../../apps/web/src/features/guide/components/guide.css';
import '../../../apps/web/src/lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  GuideGrid,
  type ChannelRow,
  type DayState,
  type GuideChannel,
  type GuideProgramme,
} from '../../../apps/web/src/features/guide';
import { addDays, rowsPerPage } from '../../../apps/web/src/features/guide/lib/geometry';
import { mergeDays } from '../../../apps/web/src/features/guide/lib/programme';
import { benchStart, generateGuide } from '../data';
import { markPaintedWhen, nextFrame, PAGE_FRAMES, params, watchFrames } from './probe';

const { channels: channelCount, days: dayCount } = params();
const start = benchStart();
const generated = generateGuide(channelCount, dayCount, start);
const days = Array.from({ length: dayCount }, (_, i) => addDays(start, i));
const channels: GuideChannel[] = generated.channels.map((c) => ({
  id: c.id,
  name: c.name,
  number: c.id,
  logo: c.logo,
  catchupHours: 168,
  deliveryURL: null,
  adult: false,
}));
// The data as the API gives it: per channel and day.
const dayStates = new Map<number, DayState[]>(
  generated.programmes.map((list, c) => [
    c + 1,
    days.map((day): DayState => {
      const next = addDays(day, 1);
      const programmes: GuideProgramme[] = list
        .filter((p) => p.end > day && p.start < next)
        // The grid reads only the rating of the API's programme (the +18 mark).
        .map((p) => ({
          id: p.id,
          channelId: p.channelId,
          start: p.start,
          end: p.end,
          title: p.title,
          epg: { id_parental: 0 } as GuideProgramme['epg'],
        }));
      return { status: 'ready', programmes };
    }),
  ]),
);
window.__bench = { dataReady: performance.now() };

const rowCache = new WeakMap<DayState[], ChannelRow>();

function Bench() {
  const [firstRow, setFirstRow] = useState(0);
  const perPage = rowsPerPage(window.innerHeight, false);
  // As in the product: rows are merged only for the channels on the page.
  const rows = useMemo(() => {
    const map = new Map<number, ChannelRow>();
    for (const channel of channels.slice(firstRow, firstRow + perPage)) {
      const states = dayStates.get(channel.id) as DayState[];
      let row = rowCache.get(states);
      if (!row) {
        row = { programmes: mergeDays(states), days: states };
        rowCache.set(states, row);
      }
      map.set(channel.id, row);
    }
    return map;
  }, [firstRow, perPage]);
  return (
    <div className="guide" style={{ paddingTop: 72 }}>
      <main className="guide__main">
        <GuideGrid
          channels={channels}
          days={days}
          rows={rows}
          now={Date.now()}
          firstRow={firstRow}
          perPage={perPage}
          onFirstRowChange={setFirstRow}
          overlayOpen={false}
          selectedId={null}
          onOpen={() => {}}
          initialTime={days[2] as number}
        />
      </main>
    </div>
  );
}

markPaintedWhen('[data-programme-id]');
// The grid asks for its programmes' recording marks as in the app; here nothing answers them.
const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
createRoot(document.getElementById('root') as HTMLElement).render(
  <QueryClientProvider client={queries}>
    <Bench />
  </QueryClientProvider>,
);

const viewport = () => document.querySelector('.guide-grid__viewport') as HTMLElement;
window.__bench.prepare = () => new Promise((r) => setTimeout(r, 500));
window.__bench.scrollHours = (hours) =>
  watchFrames(async () => {
    const el = viewport();
    const step = (hours * 400) / 240;
    for (let i = 0; i < 240; i += 1) {
      // Instant: planby's scroll box has smooth scrolling, which would spread each step over frames.
      el.scrollTo({ left: el.scrollLeft + step, behavior: 'instant' });
      await nextFrame();
    }
    return {};
  });
window.__bench.scrollChannels = () =>
  watchFrames(async () => {
    const root = document.querySelector('.guide-grid') as HTMLElement;
    const label = document.querySelector('.guide-grid__page') as HTMLElement;
    let steps = 0;
    for (;;) {
      const before = label.textContent;
      const [page, pages] = (before ?? '')
        .replace(/[^\d/]/g, '')
        .split('/')
        .map(Number);
      if (!page || !pages || page >= pages) break;
      root.dispatchEvent(new WheelEvent('wheel', { deltaY: 100, bubbles: true, cancelable: true }));
      // Eight frames a page for both guides, enough for planby's 100 ms scroll debounce to render
      // each page too; the grid ignores wheel notches closer than 60 ms.
      for (let f = 0; f < PAGE_FRAMES || label.textContent === before; f += 1) {
        await nextFrame();
        if (f > 30) break;
      }
      steps += 1;
    }
    return { steps };
  });
