import { mkdtempSync, readdirSync, readlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSqlite } from '../src/platform/database';
import { closeWithin, startModuleWork, startServer } from '../src/serve';
import { createTestContext, TEST_SECRETS, type TestContext } from './context';

/** How many of this process's open files are `file` (Linux: /proc/self/fd). */
function openHandlesOf(file: string): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;
}

describe('closeWithin', () => {
  it('says closed when the close ends in time', async () => {
    expect(
      await closeWithin(
        () => Promise.resolve(),
        1000,
        () => new Promise(() => undefined),
      ),
    ).toEqual({ outcome: 'closed' });
  });

  it('hands back a failed close’s error', async () => {
    const error = new Error('pool gone');
    expect(
      await closeWithin(
        () => Promise.reject(error),
        1000,
        () => new Promise(() => undefined),
      ),
    ).toEqual({ outcome: 'failed', error });
  });

  it('gives up on a close that hangs once its time is up', async () => {
    const wait = vi.fn(() => Promise.resolve());
    expect(await closeWithin(() => new Promise(() => undefined), 2500, wait)).toEqual({ outcome: 'timed-out' });
    expect(wait).toHaveBeenCalledWith(2500);
  });
});

describe('a start that fails', () => {
  let blocker: net.Server;
  let port: number;
  beforeAll(async () => {
    blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    port = (blocker.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it('on a taken port rejects and lets the database go', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-start-'));
    const env = {
      NODE_ENV: 'production',
      ...TEST_SECRETS,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'silent',
    };
    await expect(startServer(env, undefined, () => undefined)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(openHandlesOf(path.join(dataDir, 'pantalla.sqlite'))).toBe(0);
  });

  it('counts a database left open (the check above can see one)', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'pantalla-start-')), 'pantalla.sqlite');
    const db = openSqlite(file);
    await sql`select 1`.execute(db.kysely());
    expect(openHandlesOf(file)).toBeGreaterThan(0);
    await db.destroy();
    expect(openHandlesOf(file)).toBe(0);
  });
});

describe('module work', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', {}, { demo: false });
  });
  afterAll(() => ctx.close());

  it('starts and stops ingest’s scheduled sources with every other module’s work', async () => {
    const start = vi.spyOn(ctx.modules.ingest.sources, 'start');
    const stop = vi.spyOn(ctx.modules.ingest.sources, 'stop');
    const stopWork = startModuleWork(ctx.modules.all, 'http://127.0.0.1:1');
    expect(start).toHaveBeenCalledTimes(1);
    expect(stop).not.toHaveBeenCalled();
    await stopWork();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('names the work still stopping once its time is up, and still waits for it', async () => {
    let release = () => {};
    const hung = new Promise<void>((resolve) => (release = resolve));
    const modules = [
      { name: 'quick', startWork: () => async () => undefined },
      { name: 'slow', startWork: () => () => hung },
    ];
    const warnings: string[] = [];
    let timeUp = () => {};
    const wait = () => new Promise<void>((resolve) => (timeUp = resolve));
    const stopWork = startModuleWork(modules, 'http://127.0.0.1:1', (line) => warnings.push(line), wait);
    let stopped = false;
    const stopping = stopWork().then(() => (stopped = true));
    timeUp();
    await vi.waitFor(() => expect(warnings).toEqual([expect.stringMatching(/: slow$/)]));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
  });
});
