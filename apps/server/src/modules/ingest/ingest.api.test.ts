import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, EpgDayResponse } from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { BASICO, DEMO, bearerFor } from '../../../test/auth';

const kinds = await databaseKinds();

/** A two-day XMLTV guide for seeded channel 1 (by name) and a new channel, anchored on a fixed day. */
function guide(day: string, titleSuffix = ''): string {
  const d = day.replace(/-/g, '');
  const programmes = [];
  for (let h = 0; h < 24; h += 2) {
    const hh = String(h).padStart(2, '0');
    const end = String(h + 2).padStart(2, '0');
    const stop = h + 2 === 24 ? `${d}235959 +0000` : `${d}${end}0000 +0000`;
    programmes.push(
      `<programme start="${d}${hh}0000 +0000" stop="${stop}" channel="uno"><title>Programa ${hh}${titleSuffix}</title><category>Deportes</category><desc>Descripción ${hh}</desc></programme>`,
    );
  }
  programmes.push(
    `<programme start="${d}100000 +0000" stop="${d}113000 +0000" channel="nuevo.tv"><title>Estreno mundial</title><category>Fútbol</category><rating><value>12</value></rating></programme>`,
  );
  programmes.push(
    `<programme start="${d}110000 +0000" stop="${d}120000 +0000" channel="nuevo.tv"><title>Solapado</title></programme>`,
  );
  return `<?xml version="1.0"?>\n<tv>\n<channel id="uno"><display-name>Pantalla Uno</display-name></channel>\n<channel id="nuevo.tv"><display-name>Canal Importado</display-name><icon src="https://img.example/n.png"/></channel>\n${programmes.join('\n')}\n</tv>`;
}

const M3U = `#EXTM3U
#EXTINF:-1 tvg-id="nuevo.tv" tvg-logo="https://img.example/n2.png" group-title="Importados" catchup="default" catchup-days="3",Canal Importado
https://cdn.example/nuevo/index.m3u8
#EXTINF:-1 tvg-id="dos" group-title="Generalistas",Pantalla Dos
https://cdn.example/dos/manifest.mpd
#EXTINF:-1 tvg-id="radio.x" group-title="Radio",Radio Externa
https://cdn.example/radio/index.m3u8
`;

describe.each(kinds)('ingest on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  let basico: Record<string, string>;
  const day = '2026-06-15';
  const post = (
    format: string,
    payload: string | Buffer,
    headers: Record<string, string> = demo,
    contentType = 'application/xml',
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/ingest/${format}`,
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
  const channels = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/v1/channels', headers: demo })).json().resources as Channel[];
  const epg = async (id: number) =>
    (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/epg/${id}/${day}?tz=UTC`, headers: demo })
    ).json() as EpgDayResponse;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    demo = await bearerFor(ctx, DEMO);
    basico = await bearerFor(ctx, BASICO);
  });
  afterAll(async () => ctx?.close());

  it('is for admins only', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/admin/ingest/xmltv', payload: 'x' })).statusCode).toBe(
      401,
    );
    const res = await post('xmltv', guide(day), basico);
    expect(res.statusCode).toBe(403);
    expect((await post('csv', 'a,b')).statusCode).toBe(400);
    expect((await post('xmltv', '')).statusCode).toBe(400);
  });

  it('imports an XMLTV guide (gzip too), matching by tvg-id then name, idempotently', async () => {
    const first = await post('xmltv', gzipSync(guide(day)), demo, 'application/gzip');
    expect(first.statusCode, first.body).toBe(200);
    const report = first.json();
    expect(report.channels).toEqual({ created: 1, updated: 1, unchanged: 0 });
    expect(report.programmes.trimmed).toBe(1);
    expect(report.programmes.inserted).toBe(14);
    const all = await channels();
    const uno = all.find((c) => c.id === 1) as Channel;
    const nuevo = all.find((c) => c.name === 'Canal Importado') as Channel;
    expect(nuevo.logoURL).toBe('https://img.example/n.png');
    const unoDay = await epg(1);
    expect(unoDay.events.map((e) => e.title)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Programa ${String(i * 2).padStart(2, '0')}`),
    );
    expect(unoDay.events[0]?.genres.map((g) => g.id)).toEqual([300]);
    const nuevoDay = await epg(nuevo.id);
    expect(nuevoDay.events[0]?.endTime).toBe(nuevoDay.events[1]?.startTime);
    expect(nuevoDay.events[0]?.genres.map((g) => g.id)).toEqual([300, 301]);
    expect(nuevoDay.events[0]?.rating_logo).toContain('/12.svg');
    const ids = unoDay.events.map((e) => e.id_event);

    const again = (await post('xmltv', guide(day))).json();
    expect(again.channels).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(again.programmes).toMatchObject({ inserted: 0, removed: 0, unchanged: 14 });
    expect((await epg(1)).events.map((e) => e.id_event)).toEqual(ids);
    expect((await channels()).length).toBe(all.length);
    expect(uno.name).toBe('Pantalla Uno');

    const changed = (await post('xmltv', guide(day, ' (R)'))).json();
    expect(changed.programmes.unchanged).toBe(2);
    expect((await epg(1)).events[0]?.title).toBe('Programa 00 (R)');
  });

  it('imports the rest of a guide, reporting each skipped programme with its line', async () => {
    const broken = guide(day, ' nuevo').replace(
      '<programme start="20260615100000 +0000" stop="20260615113000 +0000" channel="nuevo.tv">',
      '<programme start="ayer" channel="nuevo.tv">',
    );
    const res = await post('xmltv', broken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().warnings.some((w: string) => /^Línea \d+: .*hora de inicio no válida/.test(w))).toBe(true);
    expect(res.json().programmes.skipped).toBe(1);
    expect((await epg(1)).events[0]?.title).toBe('Programa 00 nuevo');
    const corrupt = await post('xmltv', Buffer.from([0x1f, 0x8b, 1, 2, 3]), demo, 'application/octet-stream');
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().message).toContain('gzip');
    const notXmltv = await post('xmltv', '<html><body>no</body></html>');
    expect(notXmltv.statusCode).toBe(400);
    expect(notXmltv.json().message).toContain('<html>');
  });

  it('imports an M3U list idempotently, skipping a bad entry with its line', async () => {
    const res = await post('m3u', M3U, demo, 'audio/x-mpegurl');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().channels).toEqual({ created: 1, updated: 2, unchanged: 0 });
    const all = await channels();
    const nuevo = all.find((c) => c.name === 'Canal Importado') as Channel;
    expect(nuevo.stream).toMatchObject({
      source: 'external',
      url: 'https://cdn.example/nuevo/index.m3u8',
      protocol: 'hls',
    });
    expect(nuevo.deliveryURL).toBe('https://cdn.example/nuevo/index.m3u8');
    expect(nuevo.catchup_hours).toBe(72);
    const dos = all.find((c) => c.id === 2) as Channel;
    expect(dos.stream).toMatchObject({ source: 'external', protocol: 'dash' });
    expect(all.find((c) => c.name === 'Radio Externa')?.stream.source).toBe('external');
    expect((await post('m3u', M3U, demo, 'text/plain')).json().channels).toEqual({
      created: 0,
      updated: 0,
      unchanged: 3,
    });
    const bad = await post('m3u', `${M3U}#EXTINF:-1 tvg-id="otra",Otra\nnot a url\n`, demo, 'text/plain');
    expect(bad.statusCode).toBe(200);
    expect(bad.json().warnings).toEqual([expect.stringMatching(/^Línea 9: URL no válida/)]);
    expect((await channels()).some((c) => c.name === 'Otra')).toBe(false);
    const empty = await post('m3u', '#EXTM3U\n# nada\n', demo, 'text/plain');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('ningún canal');
  });
});
