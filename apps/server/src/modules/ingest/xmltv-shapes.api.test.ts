import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpgDayResponse } from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { DEMO, bearerFor } from '../../../test/auth';

const kinds = await databaseKinds();
const D = '20260615';

/** Guides as real feeds write them: no stops, out of order, foreign ratings, other episode systems. */
const prog = (channel: string, start: string, stop: string | null, title: string, extra = '') =>
  `<programme start="${D}${start}00 +0000"${stop ? ` stop="${stop} +0000"` : ''} channel="${channel}"><title>${title}</title>${extra}</programme>`;

function guide(programmes: string[]): string {
  return `<?xml version="1.0"?>\n<tv>\n<channel id="uno"><display-name>Pantalla Uno</display-name></channel>\n${programmes.join('\n')}\n</tv>`;
}

describe.each(kinds)('XMLTV shapes of real feeds on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  const post = (payload: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/ingest/xmltv',
      headers: { ...demo, 'content-type': 'application/xml' },
      payload,
    });
  const epg = async () =>
    (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/epg/1/2026-06-15?tz=UTC`, headers: demo })
    ).json() as EpgDayResponse;
  const hour = (ms: number) => new Date(ms).toISOString().slice(11, 16);

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    demo = await bearerFor(ctx, DEMO);
  });
  afterAll(async () => ctx?.close());

  it('imports a guide without stops, sorted, the last one ended by default; a same start counted once', async () => {
    const res = await post(
      guide([
        prog('uno', '0800', null, 'Noticias'),
        prog('uno', '0600', null, 'Madrugada'),
        prog('uno', '0700', null, 'Dibujos'),
        prog('uno', '0900', null, 'Tertulia'),
        prog('uno', '0900', `${D}100000`, 'Tertulia con fin'),
        prog('uno', '1000', null, 'Cierre'),
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.programmes.skipped).toBe(1);
    expect(report.programmes.trimmed).toBe(0);
    const events = (await epg()).events.filter((e) => e.startTime >= Date.UTC(2026, 5, 15, 6));
    expect(events.map((e) => [hour(e.startTime), hour(e.endTime), e.title])).toEqual([
      ['06:00', '07:00', 'Madrugada'],
      ['07:00', '08:00', 'Dibujos'],
      ['08:00', '09:00', 'Noticias'],
      ['09:00', '10:00', 'Tertulia con fin'],
      ['10:00', '14:00', 'Cierre'],
    ]);
    // Only the last one, ended by default, has no known end; the guide says so.
    expect(events.map((e) => e.endUnknown ?? false)).toEqual([false, false, false, false, true]);
  });

  it('ends a last programme without stop by its <length>, an end that is known', async () => {
    const day = (start: string, stop: string | null, title: string, extra = '') =>
      `<programme start="20260616${start}00 +0000"${stop ? ` stop="20260616${stop}00 +0000"` : ''} channel="uno"><title>${title}</title>${extra}</programme>`;
    const res = await post(
      guide([day('0600', null, 'Primero'), day('0700', null, 'Largo', '<length units="minutes">90</length>')]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/epg/1/2026-06-16?tz=UTC`, headers: demo })
    ).json() as EpgDayResponse;
    const events = answer.events.filter((e) => e.startTime >= Date.UTC(2026, 5, 16, 6));
    expect(events.map((e) => [hour(e.startTime), hour(e.endTime), e.title, e.endUnknown ?? false])).toEqual([
      ['06:00', '07:00', 'Primero', false],
      ['07:00', '08:30', 'Largo', false],
    ]);
  });

  it('maps ratings of other systems to the Spanish scale; an adult rating goes behind the PIN', async () => {
    const rated = (start: string, system: string, value: string, title: string) =>
      prog(
        'uno',
        start,
        `${D}${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}0000`,
        title,
        `<rating system="${system}"><value>${value}</value></rating>`,
      );
    const res = await post(
      guide([
        rated('0600', 'CSA', '-10', 'Csa diez'),
        rated('0700', 'MPAA', 'PG-13', 'Mpaa'),
        rated('0800', 'VCHIP', 'TV-MA', 'Vchip'),
        rated('0900', 'FSK', '18', 'Fsk'),
        rated('1000', 'Desconocido', '15', 'Quince'),
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const events = (await epg()).events.filter((e) => e.startTime >= Date.UTC(2026, 5, 15, 6));
    expect(events.map((e) => [e.title, e.rating_logo.split('/').pop(), e.id_parental])).toEqual([
      ['Csa diez', '12.svg', 2],
      ['Mpaa', '12.svg', 2],
      ['Vchip', '18.svg', 7],
      ['Fsk', '18.svg', 7],
      ['Quince', '16.svg', 2],
    ]);
  });

  it('shows what an episode system means or nothing; a stop past midnight on the same date is the next day', async () => {
    const ep = (system: string, value: string) => `<episode-num system="${system}">${value}</episode-num>`;
    const res = await post(
      guide([
        prog('uno', '0600', `${D}070000`, 'Película', ep('dd_progid', 'MV01234567.0000')),
        prog('uno', '0700', `${D}080000`, 'Serie', ep('dd_progid', 'EP01234567.0045')),
        prog('uno', '0800', `${D}090000`, 'Otra', ep('SxxExx', 'S02E05')),
        prog('uno', '0900', `${D}100000`, 'Id', ep('onscreen', 'movie/1234')),
        prog('uno', '1000', `${D}110000`, 'Fecha', ep('onscreen', '2026-06-15')),
        prog('uno', '2300', `${D}010000`, 'Madrugada'),
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().warnings.some((w: string) => /día siguiente/.test(w))).toBe(true);
    const events = (await epg()).events.filter((e) => e.startTime >= Date.UTC(2026, 5, 15, 6));
    expect(events.map((e) => [e.title, e.episode])).toEqual([
      ['Película', ''],
      ['Serie', ''],
      ['Otra', 'T2 E5'],
      ['Id', ''],
      ['Fecha', ''],
      ['Madrugada', ''],
    ]);
    expect(events.at(-1)?.endTime).toBe(Date.UTC(2026, 5, 16, 1));
  });
});
