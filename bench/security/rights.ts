// How long a stream outlives the right to it: for each right-ending event the API can drive,
// the seconds until its manifest, its licence and a segment URL that played are refused.
// Time is injected (the server's clock moved on, probing at each step), so a run takes
// seconds, not minutes; the bounds are the origin's own (token life, session recheck).
import type { LightMyRequestResponse } from 'fastify';
import { mailListSchema, openSessionResponseSchema, type OpenSessionResponse } from '@pantalla/contracts';
import { createTestContext, type TestContext } from '../../apps/server/test/context';
import type { DatabaseKind } from '../../apps/server/test/databases';
import { SEGMENT_TOKEN_TTL_SECONDS } from '../../apps/server/src/modules/origin';

/** Goals of the issue: manifest and licence within 10 s, segments within 60 s. */
export const RIGHTS_GOALS = { manifest: 10, licence: 10, segment: 60 } as const;
/** The probe instants (s after the event); past the last one an answer still given is "> 90". */
const STEPS = [0, 1, 2, 5, 8, 10, 15, 20, 30, 45, 55, 60, 61, 75, 90];

const BASICO = { username: 'basico@pantalla.test', password: 'basico1234' };

type Probe = 'manifest' | 'licence' | 'segment';
interface Viewer {
  idToken: string;
  cookie: string;
  session: OpenSessionResponse;
  segment: string;
  licenceBody: string;
}

const refused = (res: LightMyRequestResponse) => res.statusCode >= 400 && res.statusCode !== 429;

async function signIn(ctx: TestContext): Promise<{ idToken: string; cookie: string }> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/login', payload: { flow: 'password', ...BASICO } });
  if (res.statusCode !== 200) throw new Error(`sign-in: ${res.statusCode} ${res.body}`);
  return {
    idToken: res.json<{ idToken: string }>().idToken,
    cookie: res.cookies.find((c) => c.name === 'pantalla_rt')?.value ?? '',
  };
}

const path = (url: string) => {
  const u = new URL(url, 'http://x');
  return `${u.pathname}${u.search}`;
};

/** A viewer playing channel 1: a session, its manifest, a segment URL from it that answers, and its licence request. */
async function play(ctx: TestContext): Promise<Viewer> {
  const { idToken, cookie } = await signIn(ctx);
  const authorization = `Bearer ${idToken}`;
  await ctx.app.inject({ method: 'POST', url: '/api/v1/sessions/reset', headers: { authorization } });
  const opened = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/sessions',
    headers: { authorization },
    payload: {
      reference: { serviceName: 'bench', type: 'LIVE', id: '1' },
      streamingProtocol: 'DASH',
      profileId: 0,
      deviceFingerprint: 'bench-rights',
    },
  });
  if (opened.statusCode !== 201) throw new Error(`open: ${opened.statusCode} ${opened.body}`);
  const session = openSessionResponseSchema.parse(opened.json());
  const mpd = (await ctx.app.inject({ method: 'GET', url: path(session.playInfo.url) })).body;
  // The key period on air (a live MPD holds one Period per key period, the next announced
  // ahead) and a segment of it already out: a few behind the live edge.
  const ast = Date.parse(/availabilityStartTime="([^"]+)"/.exec(mpd)?.[1] ?? '');
  const periods = [
    ...mpd.matchAll(/<Period\b([^>]*)>[\s\S]*?<BaseURL>([^<]+)<\/BaseURL>[\s\S]*?startNumber="(\d+)"/g),
  ].map((m) => ({
    startMs: Number(/start="PT(\d+(?:\.\d+)?)S"/.exec(m[1] ?? '')?.[1] ?? 0) * 1000,
    base: m[2] ?? '',
    first: Number(m[3]),
  }));
  const now = ctx.clock.now() - ast;
  const period = [...periods].reverse().find((p) => p.startMs <= now);
  if (!period) throw new Error('rights bench: no key period on air in the live MPD');
  const n = Math.max(period.first, period.first + Math.floor((now - period.startMs) / 2000) - 3);
  const segment = path(`${period.base}video-360p/${n}.m4s`);
  const kid = /default_KID="([0-9a-f-]+)"/.exec(mpd)?.[1]?.replace(/-/g, '') ?? '';
  const licenceBody = JSON.stringify({ kids: [Buffer.from(kid, 'hex').toString('base64url')], type: 'temporary' });
  return { idToken, cookie, session, segment, licenceBody };
}

function probe(ctx: TestContext, v: Viewer, what: Probe): Promise<LightMyRequestResponse> {
  if (what === 'manifest') return ctx.app.inject({ method: 'GET', url: path(v.session.playInfo.url) });
  if (what === 'segment') return ctx.app.inject({ method: 'GET', url: v.segment });
  return ctx.app.inject({
    method: 'POST',
    url: new URL(v.session.drm?.licenseUrl ?? '', 'http://x').pathname,
    headers: { authorization: `Bearer ${v.idToken}` },
    payload: v.licenceBody,
  });
}

/** The right-ending events, each with what puts things back afterwards. */
const EVENTS: { name: string; end: (ctx: TestContext, v: Viewer) => Promise<() => Promise<void>> }[] = [
  {
    name: 'session closed',
    end: async (ctx, v) => {
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/sessions/${v.session.id}`,
        headers: { authorization: `Bearer ${v.idToken}` },
      });
      return async () => {};
    },
  },
  {
    name: "'Reiniciar sesiones DRM'",
    end: async (ctx, v) => {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/sessions/reset',
        headers: { authorization: `Bearer ${v.idToken}` },
      });
      return async () => {};
    },
  },
  {
    name: 'password change',
    end: async (ctx) => {
      const other = await signIn(ctx);
      const change = (from: string, to: string, token: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/account/password',
          headers: { authorization: `Bearer ${token}` },
          payload: { currentPassword: from, newPassword: to },
        });
      const changed = await change(BASICO.password, 'bench-otra-clave', other.idToken);
      if (changed.statusCode !== 200) throw new Error(`password change: ${changed.statusCode} ${changed.body}`);
      return async () =>
        void (await change('bench-otra-clave', BASICO.password, changed.json<{ idToken: string }>().idToken));
    },
  },
  {
    name: 'sign-out everywhere (reset link)',
    end: async (ctx) => {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tb-user/passwordRecovery',
        payload: { email: BASICO.username },
      });
      const mails = mailListSchema.parse(
        (
          await ctx.app.inject({ method: 'GET', url: `/dev/mail.json?to=${encodeURIComponent(BASICO.username)}` })
        ).json(),
      );
      const token = /\/resetpassword\/([\w-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/password-reset',
        payload: { token, password: BASICO.password },
      });
      if (reset.statusCode !== 200) throw new Error(`password reset: ${reset.statusCode} ${reset.body}`);
      return async () => {};
    },
  },
  {
    name: 'package ended',
    end: async (ctx) => {
      const user = await ctx.sql
        .selectFrom('users')
        .select('id')
        .where('email', '=', BASICO.username)
        .executeTakeFirstOrThrow();
      const { packageId } = await ctx.sql
        .selectFrom('channels')
        .select('packageId')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      const owned = () =>
        ctx.sql.updateTable('entitlements').where('userId', '=', user.id).where('packageId', '=', packageId);
      await owned().set({ endsAt: ctx.clock.now() }).execute();
      return async () => void (await owned().set({ endsAt: null }).execute());
    },
  },
];

/** Seconds until each probe is refused after one event (null: still answered at the last step). */
async function measure(ctx: TestContext, event: (typeof EVENTS)[number]): Promise<Record<Probe, number | null>> {
  const start = ctx.clock.now();
  const v = await play(ctx);
  for (const what of ['manifest', 'licence', 'segment'] as const) {
    const before = await probe(ctx, v, what);
    if (refused(before))
      throw new Error(
        `${event.name}: the ${what} was refused before the event (${before.statusCode} ${before.body.slice(0, 120)})`,
      );
  }
  const restore = await event.end(ctx, v);
  const result: Record<Probe, number | null> = { manifest: null, licence: null, segment: null };
  try {
    for (const step of STEPS) {
      ctx.clock.set(start + step * 1000);
      for (const what of ['manifest', 'licence', 'segment'] as const) {
        if (result[what] !== null) continue;
        if (refused(await probe(ctx, v, what))) result[what] = step;
      }
      if (Object.values(result).every((r) => r !== null)) break;
    }
  } finally {
    ctx.clock.set(start);
    await restore();
    await ctx.sql.deleteFrom('streamSessions').execute();
  }
  return result;
}

/** The table for one database. */
export async function reportRights(kind: DatabaseKind): Promise<void> {
  const ctx = await createTestContext(kind);
  try {
    await ctx.modules.origin.prepareDemoMedia();
    console.log(
      `Seconds until refused after each right-ending event (${kind}; server clock injected, probes at ${STEPS.join(', ')} s; goal ≤ ${RIGHTS_GOALS.manifest} s manifest and licence, ≤ ${RIGHTS_GOALS.segment} s segment):`,
    );
    console.log(
      `  ${'event'.padEnd(34)} ${'manifest'.padStart(9)} ${'licence'.padStart(9)} ${'segment'.padStart(9)}  goals`,
    );
    for (const event of EVENTS) {
      const r = await measure(ctx, event);
      const cell = (v: number | null) => (v === null ? `> ${STEPS.at(-1)}` : String(v)).padStart(9);
      const met =
        (r.manifest ?? Infinity) <= RIGHTS_GOALS.manifest &&
        (r.licence ?? Infinity) <= RIGHTS_GOALS.licence &&
        (r.segment ?? Infinity) <= RIGHTS_GOALS.segment;
      console.log(
        `  ${event.name.padEnd(34)} ${cell(r.manifest)} ${cell(r.licence)} ${cell(r.segment)}  ${met ? 'met' : 'NOT met'}`,
      );
    }
    console.log(
      `  (segments at the origin; a CDN answering from its cache checks only the token: ≤ ${SEGMENT_TOKEN_TTL_SECONDS} s for every event)`,
    );
  } finally {
    await ctx.close();
  }
}

/** The rights table: SQLite when quick, every database the suites use otherwise. */
export async function runRightsBench(quick: boolean): Promise<void> {
  const { databaseKinds } = await import('../../apps/server/test/databases');
  for (const kind of quick ? (['sqlite'] as const) : await databaseKinds()) await reportRights(kind);
}
