import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EpgProgramme } from '@pantalla/contracts';
import { setLanguage } from '../../../lib/i18n';
import type { ChannelRow } from '../lib/grid-navigation';
import type { GuideChannel, GuideProgramme } from '../lib/programme';
import { GuideGrid } from './guide-grid';

const HOUR = 3_600_000;
const DAY = new Date(2030, 4, 10).getTime();
const channels: GuideChannel[] = [1, 2, 3, 4].map((id) => ({
  id,
  name: `Canal ${id}`,
  number: id,
  logo: `/logos/${id}.png`,
  catchupHours: 0,
  deliveryURL: null,
  adult: false,
  groupId: 1,
}));
/** Hourly programmes all day; ids are channel × 100 + hour. */
const rows = new Map<number, ChannelRow>(
  channels.map((channel) => {
    const programmes: GuideProgramme[] = Array.from({ length: 24 }, (_, h) => ({
      id: channel.id * 100 + h,
      channelId: channel.id,
      start: DAY + h * HOUR,
      end: DAY + (h + 1) * HOUR,
      title: `P${channel.id * 100 + h}`,
      epg: {} as EpgProgramme,
    }));
    return [channel.id, { programmes, days: [{ status: 'ready', programmes }] }];
  }),
);

/** The grid on a page of two channels, paging as the guide screen does. */
function Guide({ onOpen }: { onOpen: (programme: GuideProgramme, channel: GuideChannel) => void }) {
  const [firstRow, setFirstRow] = useState(0);
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <GuideGrid
        channels={channels}
        days={[DAY]}
        rows={rows}
        now={DAY + 30 * 60_000}
        firstRow={firstRow}
        perPage={2}
        onFirstRowChange={setFirstRow}
        overlayOpen={false}
        selectedId={null}
        onOpen={onOpen}
        initialTime={DAY}
      />
    </QueryClientProvider>
  );
}

/** GET /recordings/marks answers: 101 recorded, 102 scheduled with a reminder; what was asked is kept. */
const marksAsked: string[] = [];
function stubMarks() {
  marksAsked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const ids = new URL(input, 'http://localhost').searchParams.get('eventIds') ?? '';
      marksAsked.push(ids);
      const items = ids
        .split(',')
        .map(Number)
        .filter((id) => id === 101 || id === 102)
        .map((id) => ({ eventId: id, recorded: id === 101, scheduled: id === 102, reminder: id === 102 }));
      return Promise.resolve(
        new Response(JSON.stringify({ items }), { headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
}

const programmeButton = (id: number) => document.querySelector<HTMLElement>(`[data-programme-id="${id}"]`)!;
const focusedId = () => (document.activeElement as HTMLElement | null)?.dataset.programmeId;

beforeEach(async () => {
  await setLanguage('es');
  // jsdom lays nothing out: the viewport shows three hours (1200 px), as a browser would.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  stubMarks();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('GuideGrid keyboard', () => {
  it('arrows move along the row and down a row; Enter opens the programme', async () => {
    const onOpen = vi.fn();
    render(<Guide onOpen={onOpen} />);
    programmeButton(101).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(focusedId()).toBe('102'));
    expect(screen.getByText(/^Canal 1: P102, /)).toBeTruthy();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(focusedId()).toBe('202'));
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(rows.get(2)!.programmes[2], channels[1]);
  });

  it('down from the page’s last row turns the page and lands at the same time in its first row', async () => {
    render(<Guide onOpen={vi.fn()} />);
    expect(screen.getByText('Pág. 1/2')).toBeTruthy();
    programmeButton(201).focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(focusedId()).toBe('301'));
    expect(screen.getByText('Pág. 2/2')).toBeTruthy();
    expect(screen.getByText(/^Canal 3: P301, 01:00–02:00$/)).toBeTruthy();
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(focusedId()).toBe('201'));
  });

  it('says so at the edge of a row and of the guide', async () => {
    render(<Guide onOpen={vi.fn()} />);
    programmeButton(100).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(await screen.findByText('No hay más programas en esta dirección')).toBeTruthy();
    await userEvent.keyboard('{ArrowUp}');
    expect(await screen.findByText('No hay más canales en esta dirección')).toBeTruthy();
    expect(focusedId()).toBe('100');
  });

  it('keeps one tab stop: the first programme drawn, then the focused one', async () => {
    render(<Guide onOpen={vi.fn()} />);
    const stops = () =>
      [...document.querySelectorAll<HTMLElement>('[data-programme-id][tabindex="0"]')].map(
        (el) => el.dataset.programmeId,
      );
    expect(stops()).toEqual(['100']);
    programmeButton(203).focus();
    await waitFor(() => expect(stops()).toEqual(['203']));
  });
});

describe('GuideGrid recording marks', () => {
  it('asks the marks of the programmes drawn on the page only and draws them', async () => {
    render(<Guide onOpen={vi.fn()} />);
    await waitFor(() => expect(programmeButton(101).querySelector('[data-mark="recorded"]')).toBeTruthy());
    expect(programmeButton(102).querySelector('[data-mark="scheduled"]')).toBeTruthy();
    expect(programmeButton(102).querySelector('[data-mark="reminder"]')).toBeTruthy();
    expect(programmeButton(103).querySelector('[data-mark]')).toBeNull();
    const asked = marksAsked.flatMap((ids) => ids.split(',').map(Number));
    expect(asked).toContain(101);
    // Channels 3 and 4 are on the next page: not asked.
    expect(asked.some((id) => id >= 300)).toBe(false);
  });
});
