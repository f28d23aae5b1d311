import { createBus } from './platform/bus';
import { CacheRegistry } from './platform/cache';
import type { Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { Db } from './platform/database';
import { createLogger, type Log } from './platform/logging';
import type { Platform, ServerModule } from './platform/module';
import { createCatalogue, type Catalogue } from './modules/catalogue';
import { createCommerce, PAYMENT_WEBHOOK_PATH, type Commerce } from './modules/commerce';
import { createFavourites, type Favourites } from './modules/favourites';
import { createIdentity, type Identity } from './modules/identity';
import { createIngest, DestinationPolicy, type Ingest } from './modules/ingest';
import { createOperatorConsole } from './modules/operator';
import { createOrigin, type Origin, type StreamGate } from './modules/origin';
import { createPaymentSandbox, type PaymentSandboxModule } from './modules/payment-sandbox';
import { createPlayback, type Playback } from './modules/playback';
import { createQoe, type Qoe } from './modules/qoe';
import { createRecordings, pushAllowedHosts, type Recordings } from './modules/recordings';
import type { ImportWriter } from './modules/catalogue';

/** Every module, built once and wired; `all` in dependency order (migrations, seeds and routes follow it). */
export interface Modules {
  identity: Identity;
  commerce: Commerce;
  catalogue: Catalogue;
  origin: Origin;
  playback: Playback;
  ingest: Ingest;
  paymentSandbox: PaymentSandboxModule;
  qoe: Qoe;
  recordings: Recordings;
  favourites: Favourites;
  all: ServerModule[];
}

/** The platform every module is built with: one bus, one cache registry and one logger per process. */
export function createPlatform(
  config: Config,
  db: Db,
  clock: Clock,
  log: Log = createLogger(config.logLevel),
): Platform {
  const bus = createBus(db.notices, (error, what) => log.error({ err: error }, what));
  return { config, db, clock, caches: new CacheRegistry(clock, bus), bus, log };
}

/**
 * Where the server may reach out, under the guide sources' private-address guard: pictures on http:
 * (IMAGE_ALLOWED_HOSTS), and streams, which the console's check asks and the relay plays, under one
 * rule (INGEST_ALLOWED_HOSTS, the lists' own hosts).
 */
function outboundDestinations(config: Platform['config']): { images: DestinationPolicy; streams: DestinationPolicy } {
  return {
    images: new DestinationPolicy(config.images.allowedHosts),
    streams: new DestinationPolicy(config.ingestAllowedHosts),
  };
}
/**
 * The composition root: builds each module (and so each service and cache) once, in
 * dependency order, and hands each the other modules' APIs it declares it needs. Nothing
 * else constructs a module; tests and commands call this too.
 */
export function composeModules(platform: Platform): Modules {
  const identity = createIdentity(platform);
  const commerce = createCommerce(platform, {
    auth: identity.auth,
    purchaseGuard: identity.purchaseGuard,
    countryOf: (userId) => identity.accounts.countryOf(userId),
    mailer: identity.mailer,
    // The account's language, as its app last said it (null: Spanish): billing mails follow it.
    contactOf: async (userId) => {
      const account = await identity.accounts.find(userId);
      return account ? { email: account.email, language: await identity.accounts.languageOf(userId) } : undefined;
    },
  });
  // A new account gets the sign-up packages (REGISTRATION_PACKAGES); identity knows nothing of
  // commerce, so the wiring lives here. Granting is idempotent; a failure undoes the sign-up.
  const { packageIds } = platform.config.registration;
  identity.signups.onAccountCreated((account) => commerce.entitlements.grant(account.id, packageIds, 'registration'));
  // Product id = package id: a form is two-step only with a package commerce has.
  identity.signups.useProducts(async (packageId) => (await commerce.entitlements.packageIds()).includes(packageId));
  const destinations = outboundDestinations(platform.config);
  const catalogue = createCatalogue(platform, {
    auth: identity.auth,
    profiles: identity.profiles,
    rights: commerce.access,
    offers: commerce.offers,
    destinations,
  });
  // The origin asks playback whether a manifest's session is open and its content watchable;
  // playback needs the origin's URLs and keys, so the origin's side is bound once playback exists.
  const gate: StreamGate = {
    checkStream: (claims) => playback.gate.checkStream(claims),
    checkProgramme: (userId, eventId) => playback.gate.checkProgramme(userId, eventId),
    streamSessionOpen: (sessionId) => playback.gate.streamSessionOpen(sessionId),
    relayedStream: (sessionId, stream) => playback.gate.relayedStream(sessionId, stream),
  };
  // Recordings (issue 29) are served and played past the catch-up window while they exist; the
  // recordings module is built last, so both sides are bound to it once it exists.
  const recorded = (recordingId: number) => recordings.recorded(recordingId);
  const origin = createOrigin(platform, {
    playables: catalogue.playables,
    auth: identity.auth,
    gate,
    recordings: { span: recorded },
    relayDestinations: destinations.streams,
  });
  const playback = createPlayback(platform, {
    auth: identity.auth,
    accounts: identity.accounts,
    parental: identity.parental,
    profiles: identity.profiles,
    rights: commerce.access,
    playables: catalogue.playables,
    keepWatching: catalogue.keepWatching,
    urls: origin.urls,
    keys: origin.keys,
    recordings: { recorded },
  });
  // A password change or reset signs the account out everywhere: its streams close with it.
  identity.signOuts.onSignedOutEverywhere((userId) => playback.closeAccountStreams(userId));
  // The user's own data (issue 26): each module's part joins identity's export and deletion.
  identity.personalData.register('purchases', commerce.personalData);
  identity.personalData.register('viewing', catalogue.personalData);
  identity.personalData.register('playback', playback.personalData);
  // Series rules are evaluated after every guide import (issue 29), on this thread or in the import's own.
  const guideImported = () => recordings.guideChanged();
  const ingest = createIngest(platform, {
    auth: identity.auth,
    imports: tellingGuideImports(catalogue.imports, guideImported),
    importsChanged: () => {
      catalogue.importsChanged();
      guideImported();
    },
  });
  // The built-in payment processor; commerce reaches it only over HTTP, as it would reach Stripe.
  const paymentSandbox = createPaymentSandbox(platform, PAYMENT_WEBHOOK_PATH);
  // The console's cross-module pages (issue 27): it reads and acts through the others' APIs.
  const operator = createOperatorConsole(platform, {
    auth: identity.auth,
    pages: {
      subscribers: identity.subscribers,
      commerce: commerce.subscriberView,
      streams: playback.subscriberStreams,
    },
    actions: {
      accounts: identity.accounts,
      commerce: commerce.operator,
      accountLocks: identity.accountLocks,
      closeStreams: (userId, sessionId, actor) => playback.closeStreamsByOperator(userId, sessionId, actor),
    },
  });
  // Quality of experience (issue 28): players' beacons; its alerts mail the admin and support operators.
  const qoe = createQoe(platform, {
    auth: identity.auth,
    countryOf: (userId) => identity.accounts.countryOf(userId),
    operatorEmails: () => qoeRecipients(platform, identity),
    mail: (to, subject, text) => identity.mailer.send({ to, subject, text }),
    itemNames: (items) => qoeItemNames(catalogue, items),
  });
  identity.personalData.register('quality', qoe.personalData);
  identity.personalData.register('speedTests', qoe.speedTestData);
  // Recordings, series rules and reminders (issue 29); reminder mails go through identity's mailer.
  const recordings = createRecordings(platform, {
    auth: identity.auth,
    guide: catalogue.recordableGuide,
    playables: catalogue.playables,
    rights: commerce.access,
    profiles: identity.profiles,
    // Pushes go to the subscriber's endpoint under the same private-address guard as guide sources.
    pushDestinations: new DestinationPolicy(pushAllowedHosts(platform.config.env)),
    mailUser: async (userId, subject, text) => {
      const account = await identity.accounts.find(userId);
      if (account) await identity.mailer.send({ to: account.email, subject, text });
    },
  });
  identity.personalData.register('recordings', recordings.personalData);
  // Favourite channels and "Mi lista" (issue 30), per profile through identity's one resolver.
  const favourites = createFavourites(platform, {
    auth: identity.auth,
    profiles: identity.profiles,
    playables: catalogue.playables,
  });
  identity.personalData.register('favourites', favourites.personalData);
  const all = [
    identity,
    commerce,
    catalogue,
    ingest,
    origin,
    playback,
    paymentSandbox,
    operator,
    qoe,
    recordings,
    favourites,
  ].map((m) => m.module);
  return { identity, commerce, catalogue, origin, playback, ingest, paymentSandbox, qoe, recordings, favourites, all };
}

/** The catalogue's import writer, also telling `listener` when a guide import written on this thread ends. */
function tellingGuideImports(writer: ImportWriter, listener: () => void): ImportWriter {
  return new Proxy(writer, {
    get(target, property, receiver) {
      if (property !== 'guideImported') return Reflect.get(target, property, receiver) as unknown;
      return () => {
        target.guideImported();
        listener();
      };
    },
  });
}

/**
 * Names of the channels and titles a QoE answer shows, keyed '<type>:<id>': channels in one
 * query; programmes, films and episodes one by one (a page or a breakdown lists a few dozen).
 */
async function qoeItemNames(
  catalogue: Catalogue,
  items: readonly { itemType: string; itemId: number }[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const channels = [...new Set(items.filter((i) => i.itemType === 'LIVE').map((i) => i.itemId))];
  for (const label of await catalogue.playables.channelLabels(channels)) names.set(`LIVE:${label.id}`, label.name);
  const others = new Map(items.filter((i) => i.itemType !== 'LIVE').map((i) => [`${i.itemType}:${i.itemId}`, i]));
  await Promise.all(
    [...others.entries()].map(async ([key, { itemType, itemId }]) => {
      const found =
        itemType === 'CUTV'
          ? await catalogue.playables.event(itemId)
          : itemType === 'VOD'
            ? await catalogue.playables.film(itemId)
            : itemType === 'SERIE'
              ? await catalogue.playables.episode(itemId)
              : undefined;
      if (found) names.set(key, found.title);
    }),
  );
  return names;
}

/** The operators a QoE alert is mailed to: ADMIN_EMAILS and every admin or support operator. */
async function qoeRecipients(platform: Platform, identity: Identity): Promise<string[]> {
  const emails = new Set(platform.config.adminEmails);
  let cursor: string | undefined;
  for (let pages = 0; pages < 20; pages += 1) {
    const page = await identity.operators.list(cursor, 200);
    for (const entry of page.items)
      if (entry.roles.some((r) => r === 'admin' || r === 'support')) emails.add(entry.email);
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  return [...emails];
}
