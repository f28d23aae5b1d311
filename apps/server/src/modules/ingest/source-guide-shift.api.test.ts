import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorSource, SourceFetch } from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { DEMO, bearerFor } from '../../../test/auth';

const kinds = await databaseKinds();

/** One channel whose list says its guide runs an hour behind (tvg-shift), one without. */
const LIST = `#EXTM3U
#EXTINF:-1 tvg-id="Desplazado.es" tvg-shift="1" group-title="General",Desplazado
https://cdn.example/desplazado.m3u8
#EXTINF:-1 tvg-id="Recto.es" group-title="General",Recto
https://cdn.example/recto.m3u8
`;

const GUIDE = `<?xml version="1.0"?>
<tv>
  <channel id="Desplazado.es"><display-name>Desplazado</display-name></channel>
  <channel id="Recto.es"><display-name>Recto</display-name></channel>
  <programme start="20260615120000 +0000" stop="20260615130000 +0000" channel="Desplazado.es"><title>Mediodía</title></programme>
  <programme start="20260615120000 +0000" stop="20260615130000 +0000" channel="Recto.es"><title>Mediodía</title></programme>
  <programme start="20260615130000 +0000" stop="20260615140000 +0000" channel="Recto.es"><title>Tarde</title></programme>
</tv>
`;

/** Issue 31, item 3: a guide source's own time shift, with each channel's tvg-shift. */
describe.each(kinds)('a guide source’s time shift on %s', (kind) => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: admin, ...(payload ? { payload } : {}) });
  const upload = async (id: number) => {
    const r = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/operator/sources/${id}/upload`,
      headers: { ...admin, 'content-type': 'application/xml' },
      payload: GUIDE,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as SourceFetch;
  };
  /** A channel's programmes of that day: start as HH:MM UTC, and title. */
  const day = async (tvgId: string) => {
    const c = await ctx.sql.selectFrom('channels').select('id').where('tvgId', '=', tvgId).executeTakeFirstOrThrow();
    const rows = await ctx.sql
      .selectFrom('events')
      .select(['startTime', 'endTime', 'title'])
      .where('channelId', '=', c.id)
      .where('startTime', '>=', Date.UTC(2026, 5, 15))
      .where('startTime', '<', Date.UTC(2026, 5, 16))
      .orderBy('startTime')
      .execute();
    const hhmm = (ms: number | string) => new Date(Number(ms)).toISOString().slice(11, 16);
    return rows.map((r) => `${hhmm(r.startTime)}-${hhmm(r.endTime)} ${r.title}`);
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    admin = await bearerFor(ctx, DEMO);
    await ctx.modules.ingest.service.import('m3u', [LIST]);
  });
  afterAll(async () => ctx?.close());

  it('refuses a shift that is not whole minutes within a day, either way', async () => {
    for (const guideShiftMinutes of [1441, -1441, 1.5, '60', null]) {
      const r = await call('POST', '/operator/sources', {
        kind: 'xmltv',
        url: 'https://guias.example/mal.xml',
        guideShiftMinutes,
      });
      expect(r.statusCode, String(guideShiftMinutes)).toBe(400);
    }
    const listed = (await call('GET', '/operator/sources')).json().items as OperatorSource[];
    expect(listed).toEqual([]);
  });

  it('moves a source’s programmes by its shift and the channel’s tvg-shift; the same file again changes nothing', async () => {
    const created = await call('POST', '/operator/sources', {
      kind: 'xmltv',
      url: 'https://guias.example/desplazada.xml',
      guideShiftMinutes: 30,
    });
    expect(created.statusCode, created.body).toBe(201);
    const source = created.json() as OperatorSource;
    expect(source.guideShiftMinutes).toBe(30);

    const first = await upload(source.id);
    expect(first.outcome).toBe('imported');
    // +30 min of the source, and +1 h of the list's tvg-shift.
    expect(await day('Desplazado.es')).toEqual(['13:30-14:30 Mediodía']);
    expect(await day('Recto.es')).toEqual(['12:30-13:30 Mediodía', '13:30-14:30 Tarde']);

    const again = await upload(source.id);
    expect(again.report?.channels).toMatchObject({ created: 0, updated: 0 });
    expect(again.report?.programmes).toMatchObject({ inserted: 0, removed: 0, unchanged: 3 });
    expect(await day('Recto.es')).toEqual(['12:30-13:30 Mediodía', '13:30-14:30 Tarde']);

    // Changed at the console: the next import uses the new shift (an hour back).
    const patched = await call('PATCH', `/operator/sources/${source.id}`, { guideShiftMinutes: -60 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((patched.json() as OperatorSource).guideShiftMinutes).toBe(-60);
    expect((await call('PATCH', `/operator/sources/${source.id}`, { guideShiftMinutes: 2000 })).statusCode).toBe(400);
    await upload(source.id);
    expect(await day('Desplazado.es')).toContain('12:00-13:00 Mediodía');
    expect(await day('Recto.es')).toContain('11:00-12:00 Mediodía');
    const audit = await ctx.sql
      .selectFrom('auditLog')
      .select(['action', 'before', 'after'])
      .where('subjectId', '=', String(source.id))
      .where('action', '=', 'source.update')
      .execute();
    expect(audit.map((a) => [a.before, a.after].map(String))).toEqual([
      ['{"guideShiftMinutes":30}', '{"guideShiftMinutes":-60}'],
    ]);
  });

  it('answers the shift in the scheduled sources of the admin API and the command line’s service', async () => {
    const added = await ctx.modules.ingest.sources.add({
      kind: 'xmltv',
      url: 'https://guias.example/otra.xml',
      intervalMinutes: 360,
    });
    expect(added.guideShiftMinutes).toBe(0);
    expect((await ctx.modules.ingest.sources.setGuideShift(added.id, -90))?.guideShiftMinutes).toBe(-90);
    expect(await ctx.modules.ingest.sources.setGuideShift(999_999, 60)).toBeUndefined();
  });
});
