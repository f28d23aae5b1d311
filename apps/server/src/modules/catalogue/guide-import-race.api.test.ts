import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueEvent } from '@pantalla/contracts';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { DEMO, bearerFor } from '../../../test/auth';

const kinds = await databaseKinds();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const xmltvTime = (ms: number) => `${new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14)} +0000`;

/** Ten-minute programmes on seeded channel 1 (matched by name) over [from, to): more than the seed has there. */
function denseGuide(from: number, to: number): string {
  const programmes: string[] = [];
  for (let t = from; t < to; t += 10 * MINUTE) {
    programmes.push(
      `<programme start="${xmltvTime(t)}" stop="${xmltvTime(t + 10 * MINUTE)}" channel="uno"><title>Breve ${t}</title></programme>`,
    );
  }
  return `<?xml version="1.0"?>\n<tv>\n<channel id="uno"><display-name>Pantalla Uno</display-name></channel>\n${programmes.join('\n')}\n</tv>`;
}

/** A promise the test resolves when it chooses. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const opened = new Promise<T>((resolve) => (open = resolve));
  return { opened, open };
}

describe.each(kinds)('the guide window during an import on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  const events = (from: number, to: number) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/events?startTime=${from}&endTime=${to}`, headers: demo });

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    demo = await bearerFor(ctx, DEMO);
  });
  afterAll(async () => ctx?.close());

  it('answers a request that read the guide version before an import with programmes, never a 500', async () => {
    const now = Math.floor(ctx.clock.now() / HOUR) * HOUR;
    const first = await events(now, now + HOUR);
    expect(first.statusCode).toBe(200);

    // The next window request stops once it has asked for the viewer's rights: the guide's
    // reference (its version) is read beside them, before the import below commits.
    const access = ctx.modules.commerce.access;
    const original = access.accessForMarking.bind(access);
    const reached = gate();
    const release = gate();
    access.accessForMarking = async (userId: number) => {
      access.accessForMarking = original;
      reached.open();
      await release.opened;
      return original(userId);
    };
    const stale = events(now + MINUTE, now + HOUR);
    await reached.opened;

    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/ingest/xmltv',
      headers: { ...demo, 'content-type': 'application/xml' },
      payload: denseGuide(now - 6 * HOUR, now + 6 * HOUR),
    });
    expect(imported.statusCode).toBe(200);
    // A viewer of the new version has the guide's blocks read again.
    const fresh = await events(now + 2 * MINUTE, now + HOUR);
    expect(fresh.statusCode).toBe(200);
    const breves = (fresh.json().resources as CatalogueEvent[]).filter((e) => e.channelId === 1);
    expect(breves.length).toBeGreaterThanOrEqual(6);

    release.open();
    const late = await stale;
    expect(late.statusCode, late.body).toBe(200);
    const got = late.json().resources as CatalogueEvent[];
    // Read after the import: its programmes, each whole.
    expect(got.filter((e) => e.channelId === 1).map((e) => e.title)).toEqual(breves.map((e) => e.title));
    expect(got.every((e) => typeof e.id === 'number' && typeof e.format === 'string')).toBe(true);
  });
});
