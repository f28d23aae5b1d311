import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../platform/clock';
import { inDemoOutage, type QoeDemoConfig } from '../../../platform/config';
import { channelPeriodKey } from '../stream-keys';

/**
 * The QoE demo's flaky channel (demo only): during its outage minutes the origin answers its
 * live segments with 503, so a player on it really stalls and fails (Shaka's 1001 after its
 * retries), reports it, and the failure alert fires; the next minutes it plays again.
 */
export function registerDemoOutage(app: FastifyInstance, clock: Clock, demo: QoeDemoConfig): void {
  // '/media/a/<token>/s/channel-5.p7/…': the period's index varies, the channel's prefix does not.
  const prefix = `/s/${channelPeriodKey(demo.flakyChannelId, 0).replace(/\.p0$/, '.p')}`;
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/media/a/') || !request.url.includes(prefix)) return;
    if (!inDemoOutage(demo, clock.now())) return;
    await reply
      .status(503)
      .header('cache-control', 'no-store')
      .header('retry-after', '60')
      .send({ statusCode: 503, code: 'demo_outage', message: 'Canal de demostración con fallos programados.' });
  });
}
