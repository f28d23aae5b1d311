import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock';
import { registerDemoOutage } from './demo-outage.http';

const demo = { flakyChannelId: 5, outageFromMinute: 20, outageToMinute: 25 };
const at = (minute: number) => Date.UTC(2026, 11, 8, 14, minute, 30);

async function origin(clock: ManualClock) {
  const app = Fastify();
  registerDemoOutage(app, clock, demo);
  app.get('/media/a/:token/s/:clipKey/:track/:file', async () => 'segment');
  app.get('/media/live/:id/hd/manifest.mpd', async () => 'mpd');
  await app.ready();
  return app;
}

describe('the demo outage of the flaky channel', () => {
  it("refuses the flaky channel's live segments in its minutes only", async () => {
    const clock = new ManualClock(at(21));
    const app = await origin(clock);
    const get = async (url: string) => (await app.inject({ method: 'GET', url })).statusCode;
    expect(await get('/media/a/tok/s/channel-5.p7/video-hd/12.m4s')).toBe(503);
    expect(await get('/media/a/tok/s/channel-5.p123/audio/init.mp4')).toBe(503);
    // Other channels (channel-50 shares the prefix digits) and the manifest still answer.
    expect(await get('/media/a/tok/s/channel-50.p7/video-hd/12.m4s')).toBe(200);
    expect(await get('/media/a/tok/s/channel-1.p7/video-hd/12.m4s')).toBe(200);
    expect(await get('/media/live/5/hd/manifest.mpd')).toBe(200);
    clock.set(at(25));
    expect(await get('/media/a/tok/s/channel-5.p7/video-hd/12.m4s')).toBe(200);
    clock.set(at(19));
    expect(await get('/media/a/tok/s/channel-5.p7/video-hd/12.m4s')).toBe(200);
    await app.close();
  });
});
