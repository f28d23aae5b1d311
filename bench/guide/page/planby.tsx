/** planby (the React EPG of the JW Player OTT app) with its documented setup, on the same data. */
import { Epg, Layout, useEpg } from 'planby';
import { useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { benchStart, generateGuide } from '../data';
import { markPaintedWhen, nextFrame, PAGE_FRAMES, params, watchFrames } from './probe';

const { channels: channelCount, days: dayCount } = params();
const start = benchStart();
const generated = generateGuide(channelCount, dayCount, start);
const pad = (n: number) => String(n).padStart(2, '0');
/** planby's documented date form: 'YYYY-MM-DDTHH:mm:ss', local time. */
const local = (t: number) => {
  const d = new Date(t);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
const channels = generated.channels.map((c) => ({ uuid: String(c.id), logo: c.logo, name: c.name }));
const epg = generated.programmes.flat().map((p) => ({
  channelUuid: String(p.channelId),
  id: String(p.id),
  title: p.title,
  description: p.description,
  since: local(Math.max(p.start, start)),
  till: local(p.end),
  image: '',
}));
const startDate = local(start);
const endDate = local(start + dayCount * 86_400_000);
window.__bench = { dataReady: performance.now() };

function Bench() {
  // The same scale and rows as ours (400 px an hour, 100 px sidebar, 72 px rows); the rest planby's defaults.
  const { getEpgProps, getLayoutProps } = useEpg({
    channels: useMemo(() => channels, []),
    epg: useMemo(() => epg, []),
    startDate,
    endDate,
    dayWidth: dayCount * 24 * 400,
    sidebarWidth: 100,
    itemHeight: 72,
  });
  return (
    <div style={{ height: 'calc(100vh - 72px)', marginTop: 72 }}>
      <Epg {...getEpgProps()}>
        <Layout {...getLayoutProps()} />
      </Epg>
    </div>
  );
}

markPaintedWhen('[data-testid="program-item"]');
createRoot(document.getElementById('root') as HTMLElement).render(<Bench />);

const scrollBox = () => (document.querySelector('[data-testid="content"]') as HTMLElement).parentElement as HTMLElement;
window.__bench.prepare = async () => {
  scrollBox().scrollTo({ left: 2 * 24 * 400, behavior: 'instant' });
  await new Promise((r) => setTimeout(r, 500));
};
window.__bench.scrollHours = (hours) =>
  watchFrames(async () => {
    const el = scrollBox();
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
    const el = scrollBox();
    // A page at a time, as many pages as ours turns: the rows that fit the window.
    const page = Math.max(1, Math.floor((window.innerHeight - 200) / 72)) * 72;
    let steps = 0;
    while (el.scrollTop + el.clientHeight < el.scrollHeight - 1) {
      el.scrollTo({ top: el.scrollTop + page, behavior: 'instant' });
      // Eight frames a page, enough for planby's 100 ms scroll debounce to render each page.
      for (let f = 0; f < PAGE_FRAMES; f += 1) await nextFrame();
      steps += 1;
    }
    return { steps };
  });
