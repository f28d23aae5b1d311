import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { DEMO, bearerFor } from '../../../test/auth';

const kinds = await databaseKinds();

const HOUR = 3_600_000;
const xmltvTime = (ms: number) => `${new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14)} +0000`;

const LIST = `#EXTM3U
#EXTINF:-1 tvg-id="Onda.es" radio="true" group-title="Radio",Onda Radiofónica
https://radio.example/onda.m3u8
#EXTINF:-1 tvg-id="Tele.es" group-title="General",Tele Imagen
https://cdn.example/tele.m3u8
`;

/** Programmes around now on the radio and the TV channel, sport so the calendar would show them. */
function guide(now: number): string {
  const base = Math.floor(now / HOUR) * HOUR - 2 * HOUR;
  const programmes = ['Onda.es', 'Tele.es'].flatMap((id) =>
    Array.from(
      { length: 5 },
      (_, i) =>
        `<programme start="${xmltvTime(base + i * HOUR)}" stop="${xmltvTime(base + (i + 1) * HOUR)}" channel="${id}"><title>Carrusel ${id} ${i}</title><category lang="es">Deportes</category></programme>`,
    ),
  );
  return `<?xml version="1.0"?>\n<tv>\n<channel id="Onda.es"><display-name>Onda Radiofónica</display-name></channel>\n<channel id="Tele.es"><display-name>Tele Imagen</display-name></channel>\n${programmes.join('\n')}\n</tv>\n`;
}

/** Issue 31, item 11: a list's radio is an audio channel, never reachable as a TV channel. */
describe.each(kinds)('a radio among the TV routes on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  let radio: number;
  let tv: number;
  let radioEvent: number;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: demo });

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    demo = await bearerFor(ctx, DEMO);
    await ctx.modules.ingest.service.import('m3u', [LIST]);
    await ctx.modules.ingest.service.import('xmltv', [guide(ctx.clock.now())]);
    const id = async (tvgId: string) =>
      (await ctx.sql.selectFrom('channels').select('id').where('tvgId', '=', tvgId).executeTakeFirstOrThrow()).id;
    radio = await id('Onda.es');
    tv = await id('Tele.es');
    radioEvent = (
      await ctx.sql
        .selectFrom('events')
        .select('id')
        .where('channelId', '=', radio)
        .where('startTime', '<=', ctx.clock.now())
        .where('endTime', '>', ctx.clock.now())
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => ctx?.close());

  it('answers 404 for the radio’s channel page and its guide day, as for a channel that is not there', async () => {
    expect((await get(`/channels/${tv}`)).statusCode).toBe(200);
    const page = await get(`/channels/${radio}`);
    expect(page.statusCode).toBe(404);
    expect(page.json().message).toBe('No existe ese canal.');
    const day = new Date(ctx.clock.now()).toISOString().slice(0, 10);
    expect((await get(`/epg/${tv}/${day}?tz=UTC`)).statusCode).toBe(200);
    expect((await get(`/epg/${radio}/${day}?tz=UTC`)).statusCode).toBe(404);
    expect((await get(`/events/${radioEvent}`)).statusCode).toBe(404);
  });

  it('opens no video session on the radio, live or its programme', async () => {
    for (const reference of [
      { type: 'LIVE', id: String(radio) },
      { type: 'CUTV', id: String(radioEvent) },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/sessions',
        headers: demo,
        payload: {
          reference: { serviceName: 'test', ...reference },
          streamingProtocol: 'HLS',
          profileId: 0,
          deviceFingerprint: 'vitest',
        },
      });
      expect(res.statusCode, `${reference.type} ${res.body}`).toBe(404);
    }
  });

  it('leaves the radio and its programmes out of the guide windows, the calendar’s, the home rows and search', async () => {
    const now = ctx.clock.now();
    const window = `/events?startTime=${now - 2 * HOUR}&endTime=${now + 3 * HOUR}`;
    const events = (await get(window)).json().resources as { channelId: number }[];
    expect(events.some((e) => e.channelId === tv)).toBe(true);
    expect(events.some((e) => e.channelId === radio)).toBe(false);
    const onRadio = await get(`${window}&channelId=${radio}`);
    expect(onRadio.statusCode === 404 || (onRadio.json().resources as unknown[]).length === 0).toBe(true);

    // Every row of every screen (the home's live and catch-up rows among them).
    const ids = (await ctx.sql.selectFrom('lists').select('id').execute()).map((l) => l.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const listId of ids) {
      const res = await get(`/lists/${listId}/resources?resolveReferences=true`);
      expect(res.statusCode).toBe(200);
      const body = res.body;
      expect(body, `list ${listId}`).not.toContain('Onda Radiofónica');
      expect(body, `list ${listId}`).not.toContain('Carrusel Onda.es');
    }
    for (const term of ['onda', 'carrusel']) {
      const found = (await get(`/search?term=${term}&resolveReferences=true`)).body;
      if (term === 'carrusel') expect(found).toContain('Carrusel Tele.es');
      expect(found).not.toContain('Onda Radiofónica');
      expect(found).not.toContain('Carrusel Onda.es');
    }
  });
});
