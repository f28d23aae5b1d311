import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_HEADER, profileDetailListSchema, profileDetailSchema } from '@pantalla/contracts';
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
  const create = (token: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/profiles', headers: bearer(token), payload });
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
    const header = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/profiles/${(await list(demo))[0]!.id}/select`,
      headers: { ...bearer(demo), [PROFILE_HEADER]: String(theirs.id) },
      payload: {},
    });
    expect(header.statusCode).toBe(403);
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
    const select = (pin?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/profiles/${adult.id}/select`,
        headers: { ...bearer(demo), [PROFILE_HEADER]: String(kids.id) },
        payload: pin === undefined ? {} : { pin },
      });
    expect((await select()).statusCode).toBe(403);
    expect((await select('9999')).statusCode).toBe(400);
    const ok = await select('1234');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { profile: { id: number } }).profile.id).toBe(adult.id);
    const intoKids = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/profiles/${kids.id}/select`,
      headers: { ...bearer(demo), [PROFILE_HEADER]: String(adult.id) },
      payload: {},
    });
    expect(intoKids.statusCode).toBe(200);
  });
});
