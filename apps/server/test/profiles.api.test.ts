import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROFILE_HEADER,
  PROFILE_TOKEN_REFUSED,
  profileDetailListSchema,
  profileDetailSchema,
  profileSelectedSchema,
} from '@pantalla/contracts';
import { signJwt } from '../src/platform/jwt';
import { databaseKinds } from './databases';
import { createTestContext, type TestContext } from './context';

const kinds = await databaseKinds();
const DEMO = { username: 'demo@pantalla.test', password: 'demo1234' };
const BASICO = { username: 'basico@pantalla.test', password: 'basico1234' };

/** Issue 30: profiles per account, the profile header and profileId checked, kids profiles held to their level. */
describe.each(kinds)('profiles on %s', (kind) => {
  let ctx: TestContext;
  let demo: string;
  let basico: string;
  let adultFilm: number;

  const signIn = async (who: typeof DEMO): Promise<string> => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/login', payload: { flow: 'password', ...who } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { idToken: string }).idToken;
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const list = async (token: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/profiles', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return profileDetailListSchema.parse(res.json()).resources;
  };
  const create = (token: string, payload: object, profileToken?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      headers: profileToken === undefined ? bearer(token) : { ...bearer(token), [PROFILE_HEADER]: profileToken },
      payload,
    });
  const openFilm = (token: string, id: number, profileId: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: bearer(token),
      payload: {
        reference: { serviceName: 'test', type: 'VOD', id: String(id) },
        streamingProtocol: 'DASH',
        profileId,
        deviceFingerprint: 'vitest-profiles',
      },
    });
  /** POST /profiles/{id}/select, as the profile whose header `from` carries. */
  const select = (token: string, id: number, from?: string, payload: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/profiles/${id}/select`,
      headers: from === undefined ? bearer(token) : { ...bearer(token), [PROFILE_HEADER]: from },
      payload,
    });
  const profileTokenOf = async (token: string, id: number, from?: string, payload?: object): Promise<string> => {
    const res = await select(token, id, from, payload);
    expect(res.statusCode, res.body).toBe(200);
    const selected = profileSelectedSchema.parse(res.json());
    expect(selected.profile.id).toBe(id);
    return selected.profileToken;
  };
  /** A token's payload with some claims changed, the signature left as it was. */
  const tampered = (token: string, changes: object): string => {
    const [header, payload, sig] = token.split('.') as [string, string, string];
    const claims = { ...(JSON.parse(Buffer.from(payload, 'base64url').toString()) as object), ...changes };
    return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`;
  };
  const verifyPin = (token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/parental/verify',
      headers: bearer(token),
      payload: { pin: '1234' },
    });

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    demo = await signIn(DEMO);
    basico = await signIn(BASICO);
    const films = await ctx.sql.selectFrom('films').select(['id', 'parental']).execute();
    adultFilm = films.find((f) => f.parental === 7)!.id;
  });
  afterAll(async () => ctx?.close());

  it('creates up to five profiles and refuses the sixth with 409 in Spanish; the first stays the default', async () => {
    const before = await list(basico);
    expect(before[0]).toMatchObject({ isDefault: true, kind: 'adult' });
    for (let i = before.length; i < 5; i++) {
      const res = await create(basico, { name: `Perfil ${i}`, avatar: 'zorro', language: 'en' });
      expect(res.statusCode, res.body).toBe(201);
      expect(profileDetailSchema.parse(res.json())).toMatchObject({
        avatar: 'zorro',
        language: 'en',
        isDefault: false,
      });
    }
    const sixth = await create(basico, { name: 'Sexto' });
    expect(sixth.statusCode).toBe(409);
    expect((sixth.json() as { message: string }).message).toContain('máximo');
    expect(await list(basico)).toHaveLength(5);
    const first = before[0]!;
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/profiles/${first.id}`,
      headers: bearer(basico),
    });
    expect(del.statusCode).toBe(409);
    const last = (await list(basico)).at(-1)!;
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/profiles/${last.id}`,
      headers: bearer(basico),
    });
    expect(gone.statusCode).toBe(204);
    expect((await list(basico)).map((p) => p.id)).not.toContain(last.id);
  });

  it("refuses another account's profile: in the header, as profileId, renamed, deleted or selected", async () => {
    const theirs = (await list(basico))[0]!;
    const mine = (await list(demo))[0]!;
    // Their own signed token, sent with my sign-in.
    const theirToken = await profileTokenOf(basico, theirs.id);
    const header = await select(demo, mine.id, theirToken);
    expect(header.statusCode).toBe(403);
    expect((await select(demo, theirs.id)).statusCode).toBe(404);
    expect((await openFilm(demo, adultFilm, theirs.id)).statusCode).toBe(403);
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/profiles/${theirs.id}`,
      headers: bearer(demo),
      payload: { name: 'Mío' },
    });
    expect(patch.statusCode).toBe(404);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/profiles/${theirs.id}`, headers: bearer(demo) });
    expect(del.statusCode).toBe(404);
    expect((await list(basico))[0]!.name).toBe(theirs.name);
  });

  it('refuses a kids profile a rating-7 film even with the PIN typed, at the open and at the licence', async () => {
    const kidsRes = await create(demo, { name: 'Peques', kind: 'kids', avatar: 'gato' });
    expect(kidsRes.statusCode, kidsRes.body).toBe(201);
    const kids = profileDetailSchema.parse(kidsRes.json());
    expect(kids).toMatchObject({ kind: 'kids', isAdult: false });
    expect((await verifyPin(demo)).statusCode).toBe(200);
    const refused = await openFilm(demo, adultFilm, kids.id);
    expect(refused.statusCode, refused.body).toBe(403);
    expect((refused.json() as { message: string }).message).toContain('perfil infantil');
    // A session opened as an adult, whose profile then becomes a kids one, gets no keys.
    const adultRes = await create(demo, { name: 'Mayor' });
    const adult = profileDetailSchema.parse(adultRes.json());
    const opened = await openFilm(demo, adultFilm, adult.id);
    expect(opened.statusCode, opened.body).toBe(201);
    const { drm } = opened.json() as { drm: { licenseUrl: string } };
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/profiles/${adult.id}`,
      headers: bearer(demo),
      payload: { kind: 'kids' },
    });
    const licence = await ctx.app.inject({
      method: 'POST',
      url: new URL(drm.licenseUrl).pathname,
      headers: bearer(demo),
      payload: JSON.stringify({ kids: ['AAAAAAAAAAAAAAAAAAAAAA'], type: 'temporary' }),
    });
    expect(licence.statusCode, licence.body).toBe(403);
  });

  it('asks the parental PIN to switch from a kids profile into an adult one', async () => {
    const profiles = await list(demo);
    const kids = profiles.find((p) => p.kind === 'kids')!;
    const adult = profiles[0]!;
    const kidsToken = await profileTokenOf(demo, kids.id);
    const intoAdult = (pin?: string) => select(demo, adult.id, kidsToken, pin === undefined ? {} : { pin });
    expect((await intoAdult()).statusCode).toBe(403);
    expect((await intoAdult('9999')).statusCode).toBe(400);
    const ok = await intoAdult('1234');
    expect(ok.statusCode, ok.body).toBe(200);
    const selected = profileSelectedSchema.parse(ok.json());
    expect(selected.profile.id).toBe(adult.id);
    expect(selected.profileToken).not.toBe(kidsToken);
    expect((await select(demo, kids.id, selected.profileToken)).statusCode).toBe(200);
  });

  it('takes the profile only from a token it signed: a bare id, a forged or tampered token are refused', async () => {
    const profiles = await list(demo);
    const adult = profiles[0]!;
    const kids = profiles.find((p) => p.kind === 'kids')!;
    const kidsToken = await profileTokenOf(demo, kids.id, undefined);
    const claims = JSON.parse(Buffer.from(kidsToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ typ: 'profile', pid: kids.id });
    const forged = signJwt('not-the-server-secret', { ...claims, pid: adult.id });
    const idTokenAsProfile = demo;
    for (const header of [String(adult.id), 'abc', forged, tampered(kidsToken, { pid: adult.id }), idTokenAsProfile]) {
      const res = await select(demo, adult.id, header);
      expect([400, 403], `${header}: ${res.body}`).toContain(res.statusCode);
    }
    const refused = await select(demo, adult.id, forged);
    expect((refused.json() as { message: string }).message).toBe(PROFILE_TOKEN_REFUSED);
    expect(refused.json()).toMatchObject({ data: { profile: 'token_refused' } });
    // Without a header the first profile applies: the kids one can be chosen from it without the PIN.
    expect((await select(demo, kids.id)).statusCode).toBe(200);
  });

  it('asks the PIN from a kids token into an adult profile even by a hand-written request', async () => {
    const profiles = await list(demo);
    const adult = profiles[0]!;
    const kids = profiles.find((p) => p.kind === 'kids')!;
    const kidsToken = await profileTokenOf(demo, kids.id);
    // Hand-written: the kids token kept, no PIN; or the token's profile edited to the adult one.
    expect((await select(demo, adult.id, kidsToken)).statusCode).toBe(403);
    expect((await select(demo, adult.id, tampered(kidsToken, { pid: adult.id }))).statusCode).toBe(403);
    expect((await select(demo, adult.id, tampered(kidsToken, { pid: adult.id }), { pin: '1234' })).statusCode).toBe(
      403,
    );
    // A session request as the kids profile naming the adult one in its body: the token decides, refused.
    const asKids = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: { ...bearer(demo), [PROFILE_HEADER]: kidsToken },
      payload: {
        reference: { serviceName: 'test', type: 'VOD', id: String(adultFilm) },
        streamingProtocol: 'DASH',
        profileId: adult.id,
        deviceFingerprint: 'vitest-profiles',
      },
    });
    expect(asKids.statusCode, asKids.body).toBe(403);
    expect((asKids.json() as { message: string }).message).toContain('perfil infantil');
    // The adult one with the PIN; kids to kids needs none.
    const adultToken = await profileTokenOf(demo, adult.id, kidsToken, { pin: '1234' });
    const other = await create(demo, { name: 'Peques 2', kind: 'kids' }, adultToken);
    expect(other.statusCode, other.body).toBe(201);
    const otherKids = profileDetailSchema.parse(other.json());
    await profileTokenOf(demo, otherKids.id, kidsToken);
    // Its token answers for the adult profile: choosing kids from it needs nothing.
    await profileTokenOf(demo, kids.id, adultToken);
    // A deleted profile's token is refused: pick again.
    const otherToken = await profileTokenOf(demo, otherKids.id, adultToken);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/profiles/${otherKids.id}`,
      headers: { ...bearer(demo), [PROFILE_HEADER]: adultToken },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const gone = await select(demo, adult.id, otherToken);
    expect(gone.statusCode).toBe(403);
    expect((gone.json() as { message: string }).message).toBe(PROFILE_TOKEN_REFUSED);
  });

  it('keeps a sign-in in the kids profile it chose when its requests drop the token', async () => {
    const token = await signIn(DEMO);
    const profiles = await list(token);
    const adult = profiles[0]!;
    const kids = profiles.find((p) => p.kind === 'kids')!;
    await profileTokenOf(token, kids.id);
    // Hand-written requests without the header: still the kids profile.
    const intoAdult = await select(token, adult.id);
    expect(intoAdult.statusCode, intoAdult.body).toBe(403);
    const film = await openFilm(token, adultFilm, adult.id);
    expect(film.statusCode, film.body).toBe(403);
    expect((film.json() as { message: string }).message).toContain('perfil infantil');
    // No settings but its own: not its kind, not another profile, no new or deleted ones.
    const patch = (id: number, payload: object) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/v1/profiles/${id}`, headers: bearer(token), payload });
    expect((await patch(kids.id, { kind: 'adult' })).statusCode).toBe(403);
    expect((await patch(adult.id, { name: 'Mío' })).statusCode).toBe(403);
    const own = await patch(kids.id, { avatar: 'cohete' });
    expect(own.statusCode, own.body).toBe(200);
    expect((await create(token, { name: 'Otro' })).statusCode).toBe(403);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/profiles/${kids.id}`, headers: bearer(token) });
    expect(del.statusCode).toBe(403);
    // With the PIN it leaves; without a token it is then the adult profile again.
    await profileTokenOf(token, adult.id, undefined, { pin: '1234' });
    expect((await select(token, kids.id)).statusCode).toBe(200);
    // Another sign-in of the account is not held by this one's choice.
    expect((await select(demo, adult.id)).statusCode).toBe(200);
  });

  it('ends a profile token with its sign-in', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { flow: 'password', ...BASICO },
    });
    const token = (login.json() as { idToken: string }).idToken;
    const first = (await list(token))[0]!;
    const profileToken = await profileTokenOf(token, first.id);
    expect((await select(basico, first.id, profileToken)).statusCode).toBe(200);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const out = await ctx.app.inject({ method: 'POST', url: '/api/v1/logout', headers: { ...bearer(token), cookie } });
    expect(out.statusCode, out.body).toBeLessThan(300);
    const after = await select(basico, first.id, profileToken);
    expect(after.statusCode, after.body).toBe(403);
  });
});
