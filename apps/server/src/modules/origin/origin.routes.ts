import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_ID, PLAYBACK_REFUSAL, diagResponseSchema, idParamSchema } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import type { MediaConfig } from '../../platform/config';
import { badRequest, forbidden, notFound, unauthorized } from '../../platform/errors';
import { errorResponses, type ZodApp } from '../../platform/http';
import { diagServers, SPEED_FILE, speedTestFile } from './diag';
import type { Authenticator } from '../identity';
import type { StreamGate } from './gate';
import type { ManifestService } from './manifest.service';
import type { MediaStore } from './media-store';
import { applyCors, IMMUTABLE, LIVE_MANIFEST, sendBytes, STATIC_MANIFEST } from './origin.http';
import { relay, type RelayDestinations } from './relay.http';
import { MAX_RELAYED_URL, RELAY_PATH, verifyRelayTarget, type RelayTarget } from './relay-url';
import { verifySegmentToken } from './segment-token';
import { STREAM_KINDS, verifyPlaybackUrl, type StreamKind } from './signed-url';

/** What the origin's routes serve from. */
export interface OriginRouteDeps {
  cfg: MediaConfig;
  manifests: ManifestService;
  media: MediaStore;
  signingKey: Buffer;
  clock: Clock;
  publicUrl: string;
  gate: StreamGate;
  auth: Authenticator;
  /** Signs and checks the segment URLs' tokens (segment-token.ts). */
  segmentSecret: string;
  /** Whether a key's segments may go out without a token: trailers (public clips) only. */
  isOpenKey: (key: string) => boolean;
  /** External streams that ask for headers, relayed (issue 31): the targets' key, their URLs, the destination guard. */
  relay: {
    key: Buffer;
    url: (sessionId: string, target: RelayTarget) => string;
    destinations: RelayDestinations;
  };
}

const MPD = 'application/dash+xml';
const errors = errorResponses(400, 401, 403, 404);
const tags = ['origin'];
// The MPD is XML text: Fastify sends strings as they are, the schema documents it.
const mpdResponses = { 200: z.string().describe('MPD (application/dash+xml)'), ...errors };
const id = idParamSchema;
const smilFile = z
  .string()
  .regex(/^\d{1,10}\.smil$/, { message: 'se espera {id}.smil' })
  .refine((file) => Number.parseInt(file, 10) <= MAX_ID, { message: 'id de programa no válido' });
// A clip's or trailer's key, or a stream's rotating key name: 'channel-12.p7', 'film-3.g2'.
const clipKey = z.string().regex(/^[a-z0-9-]{1,40}(\.[pg]\d{1,9})?$/, { message: 'clave de clip no válida' });

const manifestParams = z.object({
  kind: z.enum(STREAM_KINDS as [StreamKind, ...StreamKind[]]),
  id,
  quality: z.enum(['premium', 'hd']),
});
const playbackQuery = z.object({
  jwt: z.string().max(4096).optional(),
  user: z.string().max(32).optional(),
  model: z.string().max(100).optional(),
  type: z.string().max(32).optional(),
  operator: z.string().max(100).optional(),
});
const segmentParams = z.object({
  clipKey,
  track: z.string().regex(/^[a-z0-9-]{1,40}$/, { message: 'pista no válida' }),
  file: z.string().max(40),
});
// Only the token's form here: its signature and expiry are checked before anything is read.
const signedSegmentParams = segmentParams.extend({
  token: z.string().regex(/^[A-Za-z0-9_.-]{1,120}$/, { message: 'token no válido' }),
  file: z.string().regex(/^[A-Za-z0-9._-]{1,40}$/, { message: 'segmento no válido' }),
});
type SegmentParams = z.infer<typeof segmentParams>;

const SEGMENT_REFUSALS = {
  anonymous: 'Este segmento necesita la URL firmada de una sesión de reproducción.',
  malformed: 'La firma del segmento no es válida.',
  signature: 'La firma del segmento no es válida.',
  // The player shows these over the stopped picture: the same words as a refused manifest's.
  expired: 'La sesión de reproducción ha caducado o se ha cerrado.',
  closed: 'La sesión de reproducción ha caducado o se ha cerrado.',
} as const;

const RELAY_REFUSALS = {
  target: 'Este enlace del flujo no es de esta sesión de reproducción.',
  notRelayed: 'Esta sesión no reproduce ese flujo por el servidor.',
  tooLong: `La dirección del flujo pasa de ${MAX_RELAYED_URL} caracteres.`,
} as const;
const relayParams = z.object({
  token: signedSegmentParams.shape.token,
  file: z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,39}$/, { message: 'nombre no válido' }),
});
// The target's form only; its signature for the token's session is checked before anything is fetched.
const relayQuery = z.object({
  t: z.string().regex(/^\d{1,2}\.[pm]\.[A-Za-z0-9_-]{1,5400}\.[A-Za-z0-9_-]{43}$/, { message: 'destino no válido' }),
});

const URL_REFUSALS = {
  missing: 'Falta la firma de la URL de reproducción.',
  malformed: 'La URL de reproducción no es válida.',
  signature: 'La firma de la URL de reproducción no es válida.',
  mismatch: 'La URL de reproducción ha sido modificada.',
  expired: 'La URL de reproducción ha caducado.',
} as const;

/** The media origin: manifests (signed), segments and sheets (immutable), diagnostics. */
export async function originRoutes(app: FastifyInstance, s: OriginRouteDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => applyCors(request, reply, s.cfg.corsOrigins));
    scope.options('/media/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      if (!reply.hasHeader('access-control-allow-origin')) return reply.status(204).send();
      return reply
        .status(204)
        .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
        .header('access-control-allow-headers', 'Range, If-None-Match')
        .header('access-control-max-age', '86400')
        .send();
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    manifestRoutes(api, s);
    fileRoutes(api, s);
  });
}

/** Signed playback manifests, trailers and the catch-up manifest test. */
function manifestRoutes(api: ZodApp, s: OriginRouteDeps): void {
  api.get(
    '/media/time',
    { config: { access: 'public' }, schema: { tags, summary: 'Hora del servidor (UTCTiming http-iso)' } },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(new Date(s.clock.now()).toISOString()),
  );

  api.get(
    '/media/:kind/:id/:quality/manifest.mpd',
    {
      config: { access: 'signed' },
      schema: {
        tags,
        summary: 'MPD firmado: directo, restart, catch-up, película, episodio o grabación',
        params: manifestParams,
        querystring: playbackQuery,
        response: mpdResponses,
      },
    },
    async (request, reply) => {
      const { kind, id: contentId, quality } = request.params;
      const check = verifyPlaybackUrl(
        s.signingKey,
        { kind, id: contentId, quality, query: request.query },
        s.clock.now(),
      );
      if (!check.ok) {
        if (check.reason === 'missing' || check.reason === 'malformed') throw badRequest(URL_REFUSALS[check.reason]);
        throw forbidden(
          URL_REFUSALS[check.reason],
          check.reason === 'expired' ? PLAYBACK_REFUSAL.sessionExpired : undefined,
        );
      }
      // A valid signature is not enough: the session must be open and what airs now watchable.
      // The segments are signed for the session the URL plays under now (its own, or a zap's).
      const sid = await s.gate.checkStream(check.claims);
      const built =
        kind === 'live'
          ? await s.manifests.live(contentId, sid)
          : kind === 'restart'
            ? await s.manifests.restart(contentId, sid)
            : kind === 'catchup'
              ? await s.manifests.catchup(contentId, sid)
              : kind === 'recording'
                ? await s.manifests.recording(contentId, sid)
                : await s.manifests.title(kind, contentId, sid);
      return reply
        .header('cache-control', built.dynamic ? LIVE_MANIFEST : STATIC_MANIFEST)
        .type(MPD)
        .send(built.body);
    },
  );

  api.get(
    '/media/clips/:clipKey/manifest.mpd',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'MPD de un tráiler', params: z.object({ clipKey }), response: mpdResponses },
    },
    async (request, reply) => {
      const built = await s.manifests.trailer(request.params.clipKey);
      return reply.header('cache-control', 'public, max-age=3600').type(MPD).send(built.body);
    },
  );

  api.get(
    '/media/catchup/:file/manifest.mpd',
    {
      onRequest: s.auth.requireUser,
      schema: {
        tags,
        summary: 'Prueba de manifiesto de un programa en catch-up ({eventId}.smil)',
        params: z.object({ file: smilFile }),
        response: mpdResponses,
      },
    },
    async (request, reply) => {
      const eventId = Number.parseInt(request.params.file, 10);
      // Only for a programme the caller may see: an adult one needs the PIN grant, a pay-per-view one the purchase.
      await s.gate.checkProgramme(s.auth.userOf(request).userId, eventId);
      const built = await s.manifests.catchup(eventId, null);
      return reply.header('cache-control', 'private, no-store').type(MPD).send(built.body);
    },
  );
}

/** Segments, thumbnail sheets and the diagnostics files. */
function fileRoutes(api: ZodApp, s: OriginRouteDeps): void {
  // Segments of a stream session: the token's signature and expiry, then whether its session is
  // still open (playback, cached a few seconds), before anything is read or served.
  api.get(
    '/media/a/:token/s/:clipKey/:track/:file',
    {
      config: { access: 'signed' },
      schema: {
        tags,
        summary: 'Segmento, segmento de inicio u hoja de miniaturas de una sesión (URL firmada)',
        params: signedSegmentParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const check = verifySegmentToken(s.segmentSecret, request.params.token, s.clock.now());
      // 403 with 116 for each: the player reads a refused segment as its stream ending.
      if (!check.ok) throw forbidden(SEGMENT_REFUSALS[check.reason], PLAYBACK_REFUSAL.sessionExpired);
      if (!(await s.gate.streamSessionOpen(check.sid)))
        throw forbidden(SEGMENT_REFUSALS.closed, PLAYBACK_REFUSAL.sessionExpired);
      return sendSegment(s, request, reply, request.params);
    },
  );

  // An external stream that asks for headers (issue 31): the token and its session as a segment's,
  // then the target's signature for that session, before upstream is asked for anything.
  api.get(
    `/media/a/:token/${RELAY_PATH}/:file`,
    {
      config: { access: 'signed' },
      schema: {
        tags,
        summary:
          'Flujo externo retransmitido con el User-Agent y el Referer de su lista (lista HLS reescrita, o sus bytes)',
        params: relayParams,
        querystring: relayQuery,
        response: errorResponses(400, 403, 404, 416, 502),
      },
    },
    async (request, reply) => {
      const check = verifySegmentToken(s.segmentSecret, request.params.token, s.clock.now());
      if (!check.ok) throw forbidden(SEGMENT_REFUSALS[check.reason], PLAYBACK_REFUSAL.sessionExpired);
      if (!(await s.gate.streamSessionOpen(check.sid)))
        throw forbidden(SEGMENT_REFUSALS.closed, PLAYBACK_REFUSAL.sessionExpired);
      const target = verifyRelayTarget(s.relay.key, check.sid, request.query.t);
      if (!target) throw forbidden(RELAY_REFUSALS.target);
      if (target.url.length > MAX_RELAYED_URL) throw badRequest(RELAY_REFUSALS.tooLong);
      const stream = await s.gate.relayedStream(check.sid, target.stream);
      if (!stream) throw notFound(RELAY_REFUSALS.notRelayed);
      const sid = check.sid;
      return relay(
        reply,
        {
          target,
          stream,
          range: request.headers.range,
          // A URI the playlist names is relayed only when short enough to come back: the rest stay as written.
          relayUri: (url, kind) =>
            url.length > MAX_RELAYED_URL ? null : s.relay.url(sid, { stream: target.stream, kind, url }),
        },
        s.relay.destinations,
      );
    },
  );

  // Without a token: trailers only (public clips); any other key is refused at once.
  api.get(
    '/media/s/:clipKey/:track/:file',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Segmento de inicio, segmento N o hoja de miniaturas N de un tráiler',
        params: segmentParams,
        response: errors,
      },
    },
    async (request, reply) => {
      if (!s.isOpenKey(request.params.clipKey)) throw unauthorized(SEGMENT_REFUSALS.anonymous);
      return sendSegment(s, request, reply, request.params);
    },
  );

  api.get(
    '/media/diag.json',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Servidores para la prueba de velocidad', response: { 200: diagResponseSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return diagServers(s.cfg.baseUrl, s.publicUrl, s.cfg.diagServers);
    },
  );

  // avoidcache (any value) is accepted and never part of the answer: one cached object.
  api.get(
    `/media/speed/${SPEED_FILE}`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Fichero de prueba de velocidad',
        querystring: z.object({ avoidcache: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const file = speedTestFile();
      return sendBytes(request, reply, file.bytes, 'video/mp2t', 'public, max-age=86400', file.etag);
    },
  );
}

/**
 * A segment, init segment or thumbnail sheet of a key, once the route has said it may go out.
 * The key is a channel's or title's own key name ('channel-12'), or a trailer's (or clip's) key.
 */
async function sendSegment(
  s: OriginRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  params: SegmentParams,
): Promise<FastifyReply> {
  const { clipKey: key, track, file } = params;
  // A key period, title or programme generation serves only its own segments (stream-keys.ts).
  const stream = await s.manifests.streamOf(key);
  const streamClip = stream?.clipKey ?? null;
  const clipKey = streamClip ?? key;
  if (track === 'thumbs') {
    const n = /^(\d{1,10})\.jpg$/.exec(file);
    if (!n) throw notFound('Miniatura no encontrada.');
    return sendBytes(request, reply, await s.media.sheet(clipKey, Number(n[1])), 'image/jpeg', IMMUTABLE);
  }
  if (file === 'init.mp4') {
    const init = streamClip ? await s.media.streamFile(key, streamClip, track, 'init') : await s.media.init(key, track);
    return sendBytes(request, reply, init, 'video/mp4', IMMUTABLE);
  }
  const n = /^(\d{1,10})\.m4s$/.exec(file);
  if (!n) throw notFound('Segmento no encontrado.');
  if (stream && (Number(n[1]) < stream.first || Number(n[1]) > stream.last))
    throw notFound('Ese segmento no está cifrado con esta clave.');
  const type = track.startsWith('audio') ? 'audio/mp4' : track.startsWith('text') ? 'application/mp4' : 'video/mp4';
  const segment = streamClip
    ? await s.media.streamFile(key, streamClip, track, Number(n[1]))
    : await s.media.segment(key, track, Number(n[1]));
  return sendBytes(request, reply, segment, type, IMMUTABLE);
}
