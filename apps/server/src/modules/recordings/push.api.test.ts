import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushKeySchema, reminderPushSchema, reminderSchema, type Reminder } from '@pantalla/contracts';
import { BASICO, DEMO, bearerFor } from '../../../test/auth';
import { createTestContext, TEST_SECRETS, type TestContext } from '../../../test/context';
import { databaseKinds } from '../../../test/databases';
import { browserKeys, startPushReceiver } from '../../../test/push-receiver';
import type { RecordingsTables } from './tables';
import { generateVapidKeys } from './web-push';

const kinds = await databaseKinds();
/** A demo channel of the basic package. */
const CHANNEL = 2;

describe.each(kinds)('Web Push reminders on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;
  let basico: Record<string, string>;
  let receiver: Awaited<ReturnType<typeof startPushReceiver>>;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    demo = await bearerFor(ctx, DEMO);
    basico = await bearerFor(ctx, BASICO);
    receiver = await startPushReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await ctx?.close();
  });

  const devices = () =>
    ctx.platform.db.kysely<RecordingsTables>().selectFrom('recordingPushSubscriptions').selectAll().execute();
  const subscribe = (headers: Record<string, string>, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: '/api/v1/push/subscription', headers, payload });
  /** The n-th programme of the channel starting over an hour from now. */
  const remind = async (n: number, headers = demo): Promise<Reminder> => {
    const event = await ctx.sql
      .selectFrom('events')
      .select('id')
      .where('channelId', '=', CHANNEL)
      .where('startTime', '>', ctx.clock.now() + 3_600_000)
      .orderBy('startTime')
      .offset(n)
      .limit(1)
      .executeTakeFirstOrThrow();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/reminders',
      headers,
      payload: { eventId: event.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    return reminderSchema.parse(res.json());
  };
  /** Moves the clock; sign-ins last an hour. */
  const travelTo = async (at: number) => {
    ctx.clock.set(at);
    demo = await bearerFor(ctx, DEMO);
    basico = await bearerFor(ctx, BASICO);
  };

  it('refuses subscriptions that are not one: endpoint, key and secret checked', async () => {
    const browser = receiver.browser('checked');
    const good = { endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } };
    const bad = [
      { ...good, endpoint: 'http://push.example.test/send/x' },
      { ...good, endpoint: 'ftp://push.example.test/x' },
      { ...good, endpoint: 'no es una dirección' },
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } },
      { ...good, keys: { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` } },
      { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AA` } },
      { ...good, keys: { ...good.keys, auth: good.keys.auth.replace(/.$/, '=') } },
      { endpoint: good.endpoint },
      { ...good, extra: 1 },
    ];
    for (const payload of bad) expect((await subscribe(demo, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect((await subscribe({}, good)).statusCode).toBe(401);
    expect(await devices()).toEqual([]);
  });

  it('pushes a due reminder once, encrypted to the device and signed with the server’s key', async () => {
    const key = pushKeySchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/push/key', headers: demo })).json(),
    ).publicKey;
    expect(key).toMatch(/^B[\w-]{86}$/);
    const phone = receiver.browser('phone');
    const laptop = receiver.browser('laptop');
    for (const b of [phone, laptop])
      expect(
        (await subscribe(demo, { endpoint: b.endpoint, keys: { p256dh: b.p256dh, auth: b.auth } })).statusCode,
      ).toBe(204);
    // Another subscriber's device hears nothing of demo's reminders.
    const other = receiver.browser('other');
    await subscribe(basico, { endpoint: other.endpoint, keys: { p256dh: other.p256dh, auth: other.auth } });
    const reminder = await remind(0);

    await travelTo(reminder.remindAt - 1);
    await ctx.modules.recordings.runScheduled();
    expect(receiver.received).toEqual([]);

    await travelTo(reminder.remindAt);
    await ctx.modules.recordings.runScheduled();
    await ctx.modules.recordings.runScheduled();
    expect(receiver.errors).toEqual([]);
    expect(receiver.received.map((r) => r.path).sort()).toEqual(['/send/laptop', '/send/phone']);
    for (const r of receiver.received) {
      expect(reminderPushSchema.parse(r.payload)).toEqual({
        kind: 'reminder',
        reminderId: reminder.id,
        channelId: reminder.channelId,
        title: reminder.title,
        startTime: reminder.startTime,
      });
      expect(r.vapidKey).toBe(key);
      expect(r.jwt.aud).toBe(receiver.url);
      expect(r.jwt.exp * 1000).toBeGreaterThan(ctx.clock.now());
      expect(r.jwt.sub).toMatch(/^(mailto:|https:)/);
      expect(r.ttl).toBeGreaterThan(0);
    }
    // A later round, and a reminder set again, push nothing new until due again.
    await travelTo(reminder.remindAt + 30_000);
    await ctx.modules.recordings.runScheduled();
    expect(receiver.received).toHaveLength(2);
  });

  it('drops a device whose push service says it is gone (410), keeps one that merely failed', async () => {
    const gone = receiver.browser('gone');
    const flaky = receiver.browser('flaky');
    for (const b of [gone, flaky])
      await subscribe(demo, { endpoint: b.endpoint, keys: { p256dh: b.p256dh, auth: b.auth } });
    receiver.answer('gone', 410);
    receiver.answer('flaky', 503);
    const reminder = await remind(3);
    const before = receiver.received.length;
    await travelTo(reminder.remindAt);
    await ctx.modules.recordings.runScheduled();
    const endpoints = (await devices()).map((d) => d.endpoint);
    expect(endpoints).not.toContain(gone.endpoint);
    expect(endpoints).toContain(flaky.endpoint);
    // The devices still subscribed got it.
    expect(
      receiver.received
        .slice(before)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/send/laptop', '/send/phone']);
  });

  it('withdraws this device only for its own account', async () => {
    const phone = `${receiver.url}/send/phone`;
    const del = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'DELETE', url: '/api/v1/push/subscription', headers, payload: { endpoint: phone } });
    expect((await del(basico)).statusCode).toBe(404);
    expect((await del(demo)).statusCode).toBe(204);
    expect((await devices()).map((d) => d.endpoint)).not.toContain(phone);
  });
});

describe.each(kinds)('Web Push endpoints in production on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    const vapid = generateVapidKeys();
    ctx = await createTestContext(kind, {
      NODE_ENV: 'production',
      ...TEST_SECRETS,
      WEB_PUSH_PUBLIC_KEY: vapid.publicKey,
      WEB_PUSH_PRIVATE_KEY: vapid.privateKey,
    });
  });
  afterAll(async () => ctx?.close());

  it('refuses a push service on an internal address (the cloud metadata, this machine, a private network)', async () => {
    const demo = await bearerFor(ctx, DEMO);
    const browser = browserKeys();
    const keys = { p256dh: browser.p256dh, auth: browser.auth };
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data/iam',
      'https://127.0.0.1/send/x',
      'https://[::1]/send/x',
      'https://10.0.0.1/send/x',
      'https://localhost/send/x',
    ]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/push/subscription',
        headers: demo,
        payload: { endpoint, keys },
      });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.body, endpoint).toContain('dirección privada, de loopback o de enlace local');
    }
    expect(
      await ctx.platform.db.kysely<RecordingsTables>().selectFrom('recordingPushSubscriptions').selectAll().execute(),
    ).toEqual([]);
  });
});
