import type { TestContext } from '../context';
import type { OperatorSamples } from './index';

/** A source to act on, added directly (its URL never answers: a fetch of it fails in the background). */
const aSource = async (ctx: TestContext) =>
  (
    await ctx.modules.ingest.sources.add({
      kind: 'xmltv',
      url: 'https://guias.example/muestra.xml',
      intervalMinutes: 360,
    })
  ).id;

const GUIDE =
  '<?xml version="1.0"?>\n<tv><channel id="muestra.test"><display-name>Muestra</display-name></channel>\n<programme start="20260101000000 +0000" stop="20260101010000 +0000" channel="sin-canal.test"><title>Muestra</title></programme>\n</tv>\n';

/** The console's guide sources (issue 27). */
export const samples: OperatorSamples = {
  'POST /api/v1/operator/sources': async () => ({
    url: '/api/v1/operator/sources',
    payload: { kind: 'xmltv', url: 'https://guias.example/nueva.xml', intervalMinutes: 120 },
  }),
  'PATCH /api/v1/operator/sources/{sourceId}': async (ctx) => ({
    url: `/api/v1/operator/sources/${await aSource(ctx)}`,
    payload: { intervalMinutes: 60 },
  }),
  'DELETE /api/v1/operator/sources/{sourceId}': async (ctx) => ({
    url: `/api/v1/operator/sources/${await aSource(ctx)}`,
  }),
  'POST /api/v1/operator/sources/{sourceId}/fetch': async (ctx) => ({
    url: `/api/v1/operator/sources/${await aSource(ctx)}/fetch`,
  }),
  'POST /api/v1/operator/sources/{sourceId}/upload': async (ctx) => ({
    url: `/api/v1/operator/sources/${await aSource(ctx)}/upload`,
    payload: GUIDE,
  }),
  'POST /api/v1/operator/guide-mappings': async () => ({
    url: '/api/v1/operator/guide-mappings',
    payload: { action: 'ignore', guideId: 'sin-canal.test' },
  }),
};
