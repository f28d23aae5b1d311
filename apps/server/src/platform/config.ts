import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The repository root, for default paths under data/ and apps/web/dist: the nearest folder
 * above this file whose package.json declares the workspaces (the same from the TypeScript
 * sources and from the compiled server in apps/server/dist).
 */
export const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object)) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

/** Secrets must be at least this long; production refuses to start without them. */
export const MIN_SECRET_LENGTH = 32;

/** The spec's registration package list '1,5001': the basic package and the welcome package. */
export const DEFAULT_REGISTRATION_PACKAGES = '1,5001';
/** The Latin-American countries (ISO 3166-1 alpha-2) whose accounts join the Latin-American region. */
export const DEFAULT_LATAM_COUNTRIES = 'AR,BO,BR,CL,CO,CR,CU,DO,EC,GT,HN,MX,NI,PA,PE,PR,PY,SV,UY,VE';
/** VAT by country (percent), the first the rate of a country not listed (issue 26): Spain's 21 % by default. */
export const DEFAULT_VAT_RATES = 'ES:21,PT:23,FR:20,DE:19,IT:22';

/** VAT_RATES ('ES:21,PT:23') as a map of ISO country to percent; the first entry is the fallback country. */
export function parseVatRates(text: string): { rates: ReadonlyMap<string, number>; fallbackCountry: string } {
  const rates = new Map<string, number>();
  for (const entry of text.split(',')) {
    const [country = '', rate = ''] = entry.split(':').map((part) => part.trim());
    rates.set(country.toUpperCase(), Number(rate));
  }
  return { rates, fallbackCountry: [...rates.keys()][0] ?? 'ES' };
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  AUTH_SECRET: z.string().min(MIN_SECRET_LENGTH).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Pantalla <no-reply@pantalla.test>'),
  OPERATOR_NAME: z.string().default('Pantalla'),
  PROVIDER_NAME: z.string().default('Pantalla Soporte'),
  // The seller on receipts (README, "Configure"): demo values outside production; production warns without them.
  OPERATOR_LEGAL_NAME: z.string().trim().max(200).optional(),
  OPERATOR_TAX_ID: z.string().trim().max(40).optional(),
  OPERATOR_ADDRESS: z.string().trim().max(300).optional(),
  OPERATOR_LOGO_HEADER: z.string().optional(),
  OPERATOR_LOGO_PLAYER: z.string().optional(),
  ENDPOINT_IDM: z.string().optional(),
  ENDPOINT_STATIC: z.string().optional(),
  ENDPOINT_MANAGER: z.string().optional(),
  ENDPOINT_SEARCH: z.string().optional(),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  // Which proxies may set X-Forwarded-For: 'false' (none) or a comma-separated list of their addresses or CIDRs.
  TRUST_PROXY: z.string().default('false'),
  // Slow clients (README, "Configure"): the headers, and a body, must arrive within these.
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(20_000),
  BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(30_000),
  ADMIN_EMAILS: z.string().optional(),
  // '0': imports parse and write on the server's thread, even where threads could open the database.
  INGEST_THREADS: z.enum(['0', '1']).default('1'),
  // '1': guide blocks are read in a thread of their own (issue 31, item 9); off until an import beside it never fails.
  GUIDE_READER_THREAD: z.enum(['0', '1']).default('0'),
  // Guide-source hosts that may be private, loopback or link-local (comma-separated; README, "Configure").
  INGEST_ALLOWED_HOSTS: z.string().default(''),
  // Pictures on http: fetched and served from our origin (README, "Configure"; issue 31).
  IMAGE_ALLOWED_HOSTS: z.string().default(''),
  IMAGE_CACHE_MB: z.coerce.number().int().min(1).max(100_000).default(512),
  IMAGE_MAX_KB: z.coerce.number().int().min(1).max(20_480).default(2048),
  IMAGE_REFRESH_HOURS: z.coerce.number().min(0).max(720).default(24),
  // Registration (README, "Configure"; docs/decisions.md, "Registration").
  REGISTRATION_PACKAGES: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'una lista de ids de paquete separados por comas')
    .default(DEFAULT_REGISTRATION_PACKAGES),
  LATAM_COUNTRIES: z
    .string()
    .regex(/^\s*([A-Za-z]{2}(\s*,\s*[A-Za-z]{2})*)?\s*$/, 'códigos ISO 3166-1 de dos letras separados por comas')
    .default(DEFAULT_LATAM_COUNTRIES),
  // VAT by the account's country, percent with up to two decimals (README, "Configure").
  VAT_RATES: z
    .string()
    .regex(
      /^\s*[A-Za-z]{2}\s*:\s*\d{1,2}(\.\d{1,2})?(\s*,\s*[A-Za-z]{2}\s*:\s*\d{1,2}(\.\d{1,2})?)*\s*$/,
      "países y tipos de IVA en porcentaje, p. ej. 'ES:21,PT:23'",
    )
    .default(DEFAULT_VAT_RATES),
  // Days a subscription whose renewal failed stays owned while the card is retried (README, "Configure").
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  // Days the players' raw QoE views are kept (issue 28); per-minute aggregates last 13 months.
  QOE_RAW_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  // The QoE demo (README, "Quality of experience"): a month of generated views, a live demo audience and one flaky channel.
  QOE_DEMO: z.enum(['0', '1']).optional(),
  // Recordings (issue 29): days kept after the programme ends, hours per account, hours by package ('2:100,9:200').
  // Profiles (issue 30): how many per account, and the highest rating a kids profile sees (7 is never).
  PROFILES_MAX: z.coerce.number().int().min(1).max(20).default(5),
  KIDS_MAX_RATING: z.coerce.number().int().min(0).max(6).default(3),
  RECORDING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  RECORDING_QUOTA_HOURS: z.coerce.number().int().min(0).max(100_000).default(50),
  RECORDING_PACKAGE_HOURS: z
    .string()
    .regex(
      /^\s*(\d{1,10}\s*:\s*\d{1,6}\s*(,\s*\d{1,10}\s*:\s*\d{1,6}\s*)*)?$/,
      "paquete:horas separados por comas, p. ej. '2:100'",
    )
    .default(''),
  // Web Push reminders (issue 29): the VAPID pair (RFC 8292, base64url) and the operator's contact; outside
  // production a pair is made once in DATA_DIR, in production push is not offered without one.
  WEB_PUSH_PUBLIC_KEY: z.string().optional(),
  WEB_PUSH_PRIVATE_KEY: z.string().optional(),
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'mailto:dirección o https://… (RFC 8292)')
    .optional(),
  LATAM_REGION_ID: z.coerce.number().int().positive().default(3),
  DEFAULT_REGION_ID: z.coerce.number().int().positive().default(1),
  REGISTRATION_MIN_FILL_MS: z.coerce.number().int().min(0).default(3000),
  REGISTRATION_ADDRESS_LIMIT: z.coerce.number().int().positive().default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The media origin's and the playback services' settings (README, "Configure").
  MEDIA_DIR: z.string().default(path.join(repoRoot, 'data/media')),
  MEDIA_KEY_SECRET: z.string().min(16).optional(),
  // Live key period (docs/decisions.md, "Keys rotate"): hourly; shorter only to test a key change (never in production).
  MEDIA_KEY_PERIOD_SECONDS: z.coerce.number().int().min(10).max(3600).multipleOf(2).default(3600),
  // Signs segment URLs; a CDN checking them is given the same value (unset: derived from AUTH_SECRET).
  // Only characters an nginx or CDN configuration takes as they are.
  SEGMENT_URL_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_.~+/=-]{32,256}$/, { message: 'de 32 a 256 caracteres A-Z a-z 0-9 _ . ~ + / = -' })
    .optional(),
  MEDIA_PREPARE: z.enum(['0', '1']).optional(),
  MEDIA_CORS_ORIGINS: z.string().default(''),
  PLAYBACK_URL_TEMPLATE: z
    .string()
    .default(
      '{base}/media/{kind}/{id}/{quality}/manifest.mpd?jwt={jwt}&user={user}&model={model}&type={type}&operator={operator}',
    ),
  MEDIA_BASE_URL: z.url().optional(),
  DRM_WIDEVINE_LICENSE_TEMPLATE: z.string().optional(),
  DRM_FAIRPLAY_LICENSE_TEMPLATE: z.string().optional(),
  DRM_FAIRPLAY_CERTIFICATE_URL: z.string().optional(),
  // The speed-test servers of diag.json (README, "Configure"): JSON [{"name","baseUrl"}, ...].
  DIAG_SERVERS: z.string().optional(),
  // Payments (README, "Payments"): the built-in sandbox outside production; production names its provider.
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  // 'staging': a production server may serve the sandbox (test cards buy packages), said at start and in every page.
  PAYMENT_SANDBOX_IN_PRODUCTION: z
    .enum(['staging'], { message: "solo admite 'staging' (un servidor de pruebas)" })
    .optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.url().optional(),
  PAYMENT_WEBHOOK_URL: z.url().optional(),
  // The sandbox's retries of a failed renewal, days after it (README, "Payments"); Stripe's recommended 4 within 7 days.
  PAYMENT_SANDBOX_RETRY_DAYS: z
    .string()
    .regex(/^\s*\d{1,2}(\s*,\s*\d{1,2})*\s*$/, "días tras el fallo separados por comas, p. ej. '1,3,5,7'")
    .default('1,3,5,7'),
});

/** A speed-test server of diag.json: its group name and the base URL its media_0.ts lives under. */
export interface DiagServerConfig {
  name: string;
  baseUrl: string;
}

const diagServersSchema = z
  .array(
    z.object({ name: z.string().trim().min(1).max(60), baseUrl: z.url().transform((url) => url.replace(/\/$/, '')) }),
  )
  .min(1)
  .max(20);

function parseDiagServers(text: string | undefined): DiagServerConfig[] | null {
  if (text === undefined || text.trim() === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConfigError(
      'DIAG_SERVERS: se espera JSON, p. ej. [{"name":"Madrid","baseUrl":"https://cdn.example/media/speed"}]',
    );
  }
  const parsed = diagServersSchema.safeParse(json);
  if (!parsed.success)
    throw new ConfigError(
      `DIAG_SERVERS: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

/** What a new account gets: its packages and its region, chosen by its country. */
export interface RegistrationConfig {
  /** Packages granted when an account is created (REGISTRATION_PACKAGES). */
  packageIds: number[];
  /** Countries whose accounts get latamRegionId; every other country gets defaultRegionId. */
  latamCountries: ReadonlySet<string>;
  latamRegionId: number;
  defaultRegionId: number;
  /** The least time between opening the form and sending it (anti-automation). */
  minFillMs: number;
  /** Sign-up attempts one client address may make per hour. */
  perAddressPerHour: number;
}

export interface OperatorConfig {
  name: string;
  providerName: string;
  /** The seller named on receipts (OPERATOR_LEGAL_NAME, OPERATOR_TAX_ID, OPERATOR_ADDRESS). */
  legal: OperatorLegalConfig;
  /** Logo URLs by skin type: 3002 header/guide/calendar, 3001 player. */
  logos: { type: 3001 | 3002; url: string }[];
}

/** The seller on receipts; `missing` names the variables a production server lacks (warned at start). */
export interface OperatorLegalConfig {
  name: string;
  taxId: string;
  address: string;
  missing: string[];
}

/** Demo sellers outside production; in production what is set, the operator's name for a missing legal name. */
function operatorLegal(e: {
  NODE_ENV: string;
  OPERATOR_NAME: string;
  OPERATOR_LEGAL_NAME?: string | undefined;
  OPERATOR_TAX_ID?: string | undefined;
  OPERATOR_ADDRESS?: string | undefined;
}): OperatorLegalConfig {
  const production = e.NODE_ENV === 'production';
  const given = {
    OPERATOR_LEGAL_NAME: e.OPERATOR_LEGAL_NAME || undefined,
    OPERATOR_TAX_ID: e.OPERATOR_TAX_ID || undefined,
    OPERATOR_ADDRESS: e.OPERATOR_ADDRESS || undefined,
  };
  const missing = production
    ? Object.entries(given)
        .filter(([, v]) => v === undefined)
        .map(([k]) => k)
    : [];
  return {
    name: given.OPERATOR_LEGAL_NAME ?? (production ? e.OPERATOR_NAME : `${e.OPERATOR_NAME} Demo S.L.`),
    taxId: given.OPERATOR_TAX_ID ?? (production ? '' : 'B00000000'),
    address: given.OPERATOR_ADDRESS ?? (production ? '' : 'Calle de la Demostración 1, 28001 Madrid, España'),
    missing,
  };
}

/**
 * The QoE demo's flaky channel: its origin refuses its live segments (503) during the same
 * minutes of every hour (UTC), so players really fail there and the failure alert fires and
 * clears (docs/decisions.md, "Quality of experience demo").
 */
export interface QoeDemoConfig {
  flakyChannelId: number;
  outageFromMinute: number;
  outageToMinute: number;
}
const DEMO_FLAKY_CHANNEL: QoeDemoConfig = { flakyChannelId: 5, outageFromMinute: 40, outageToMinute: 45 };

/** Whether the demo's flaky channel is failing at `now` (epoch ms). */
export function inDemoOutage(demo: QoeDemoConfig, now: number): boolean {
  const minute = new Date(now).getUTCMinutes();
  return minute >= demo.outageFromMinute && minute < demo.outageToMinute;
}

/** The origin's and the playback services' settings. */
export interface MediaConfig {
  /** Prepared media; shared by every data folder, since it only depends on the key secret. */
  mediaDir: string;
  /** Secret the ClearKey content keys derive from. */
  keySecret: string;
  /** Package the demo media at start (the demo's default; never by default in production). */
  prepare: boolean;
  /** Origins allowed to fetch manifests and segments: the app's own and MEDIA_CORS_ORIGINS. */
  corsOrigins: ReadonlySet<string>;
  /** Playback URL template: {base} {kind} {id} {quality} {jwt} {user} {model} {type} {operator}. */
  urlTemplate: string;
  /** Base URL of the origin in playback URLs and diag.json (a CDN in front of it). */
  baseUrl: string;
  /** Widevine and FairPlay licence URL templates: {userId} {auth} {stream}; unset = not offered. */
  widevineTemplate: string | undefined;
  fairplayTemplate: string | undefined;
  fairplayCertificateUrl: string | undefined;
  /** The servers diag.json lists (DIAG_SERVERS); null: this origin, and the CDN in front of it if any. */
  diagServers: DiagServerConfig[] | null;
  /** Length of a live key period in seconds (MEDIA_KEY_PERIOD_SECONDS): 3600, shorter only in tests. */
  keyPeriodSeconds: number;
  /** SEGMENT_URL_SECRET: signs the segment URLs' tokens (nginx secure_link form); unset: derived from AUTH_SECRET. */
  segmentSecret?: string;
}

/** Which payment processor takes the cards, and how the server talks to it (always through the official Stripe client). */
export interface PaymentsConfig {
  /**
   * 'sandbox': the built-in processor speaking Stripe's API (the default outside production);
   * 'stripe': Stripe itself; 'none': purchases are off (production without a provider).
   */
  provider: 'sandbox' | 'stripe' | 'none';
  /** Why purchases are off (provider 'none'), for the start-up log; null otherwise. */
  disabledReason: string | null;
  /** A production server serving the sandbox (PAYMENT_SANDBOX_IN_PRODUCTION=staging): said at start and on every page. */
  stagingSandbox: boolean;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the Stripe client sends its calls (STRIPE_API_URL); unset: Stripe's API, or this server for the sandbox. */
  apiUrl: string | undefined;
  /** Where the sandbox delivers its events (PAYMENT_WEBHOOK_URL); unset: this server's webhook route. */
  webhookUrl: string | undefined;
  /** The sandbox's retries of a failed renewal, days after it (PAYMENT_SANDBOX_RETRY_DAYS); then the subscription is cancelled. */
  sandboxRetryDays?: readonly number[];
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Public origin of this server, used in mails and the service locator. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  operator: OperatorConfig;
  endpoints: { idm: string; static: string; manager: string; search: string };
  webDist: string;
  logLevel: string;
  /** The proxies allowed to set X-Forwarded-For (addresses or CIDRs); false: none. */
  trustProxy: false | string[];
  /** How long a client may take to send its headers, and its body (platform/request-timeouts.ts). */
  timeouts: { headersMs: number; bodyMs: number };
  /** Who may import guides and channel lists (ADMIN_EMAILS, comma-separated); nobody when unset. */
  adminEmails: string[];
  /** Imports run in threads of their own where the database can be opened from one (INGEST_THREADS, on by default). */
  ingestThreads: boolean;
  /** Guide blocks read in a thread of their own (GUIDE_READER_THREAD, off by default). */
  guideReaderThread: boolean;
  /** Hosts a guide source may be fetched from although private, loopback or link-local (INGEST_ALLOWED_HOSTS); none by default. */
  ingestAllowedHosts: string[];
  /** Pictures on http: served from our origin: hosts that may be private (IMAGE_ALLOWED_HOSTS), the disk cap, a picture's cap, revalidation age. */
  images: { allowedHosts: string[]; cacheBytes: number; maxBytes: number; refreshMs: number };
  media: MediaConfig;
  registration: RegistrationConfig;
  payments: PaymentsConfig;
  /** VAT by the account's country (VAT_RATES); a country not listed (or none) pays the first's. */
  vat: { rates: ReadonlyMap<string, number>; fallbackCountry: string };
  /** Days a subscription stays owned after a failed renewal while it is retried (BILLING_GRACE_DAYS). */
  billingGraceDays: number;
  /** Days raw QoE views are kept (QOE_RAW_DAYS). */
  qoeRawDays: number;
  /** The QoE demo (QOE_DEMO; on by default in development only), null when off. */
  qoeDemo: QoeDemoConfig | null;
  /** Recordings (RECORDING_RETENTION_DAYS, RECORDING_QUOTA_HOURS, RECORDING_PACKAGE_HOURS). */
  recordings: { retentionDays: number; quotaHours: number; packageHours: ReadonlyMap<number, number> };
  /** Web Push (WEB_PUSH_PUBLIC_KEY, WEB_PUSH_PRIVATE_KEY, WEB_PUSH_SUBJECT): keys as given, checked by recordings. */
  webPush: { publicKey?: string; privateKey?: string; subject: string };
  /** Profiles (PROFILES_MAX, KIDS_MAX_RATING). */
  profiles: { max: number; kidsMaxRating: number };
}

/** A configuration the server cannot start with; the message names the variable and what to do. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const TRUST_PROXY_HELP =
  "pon las direcciones de tus proxies (o sus redes CIDR) separadas por comas, p. ej. TRUST_PROXY=127.0.0.1 con nginx en la misma máquina, o TRUST_PROXY=10.0.0.0/8; 'false' si no hay proxy";

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Unless a proxy is trusted, X-Forwarded-For is ignored so the per-address limits cannot be
 * dodged. Only the proxies' own addresses or networks are taken: 'true' or a hop count would
 * let a client that reaches the server directly name any address it likes.
 */
export function parseTrustProxy(value: string): false | string[] {
  const v = value.trim();
  if (v === '' || v.toLowerCase() === 'false') return false;
  if (v.toLowerCase() === 'true')
    throw new ConfigError(`TRUST_PROXY=true confiaría en cualquier cliente: ${TRUST_PROXY_HELP}.`);
  if (/^\d+$/.test(v))
    throw new ConfigError(
      `TRUST_PROXY=${v} (un número de saltos) dejaría elegir su dirección a quien llegue sin proxy: ${TRUST_PROXY_HELP}.`,
    );
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (bad.length > 0)
    throw new ConfigError(
      `TRUST_PROXY: ${bad.join(', ')} no es una dirección IP ni una red CIDR: ${TRUST_PROXY_HELP}.`,
    );
  return entries;
}

/** Fewer distinct characters than this and a secret is a pattern ('a'×32), not random. */
export const MIN_SECRET_DISTINCT = 16;
/** How to make a secret, said wherever one is refused. */
export const SECRET_HOWTO =
  "genera uno con `openssl rand -base64 48` o `node -e \"console.log(require('node:crypto').randomBytes(48).toString('base64url'))\"`";

/**
 * A secret that survives restarts outside production: from the environment, else a file
 * made once ('wx': two processes starting at once agree on whichever was written first).
 */
function loadSecret(dir: string, fileName: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dir, fileName);
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

/** Production never invents its secrets: every server of a cluster must be given the same ones. */
function requireProductionSecrets(env: NodeJS.ProcessEnv): void {
  for (const name of ['AUTH_SECRET', 'MEDIA_KEY_SECRET']) {
    const value = env[name] ?? '';
    if (value.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(
        `${name} ${value ? `tiene ${value.length} caracteres` : 'no está definido'}: en producción (NODE_ENV=production) debe ser un secreto aleatorio de al menos ${MIN_SECRET_LENGTH} caracteres, el mismo en todos los servidores; ${SECRET_HOWTO}.`,
      );
    }
    // The length alone lets 'a'×32 through; a random secret of this length has far more distinct characters.
    const distinct = new Set(value).size;
    if (distinct < MIN_SECRET_DISTINCT) {
      throw new ConfigError(
        `${name} no parece aleatorio (solo ${distinct} caracteres distintos; hacen falta al menos ${MIN_SECRET_DISTINCT}): en producción debe ser un secreto aleatorio; ${SECRET_HOWTO}.`,
      );
    }
  }
}

/** Production always rotates live keys hourly: a shorter period is a test's, with MPDs of many Periods. */
function keyPeriodSeconds(e: z.infer<typeof envSchema>): number {
  if (e.NODE_ENV === 'production' && e.MEDIA_KEY_PERIOD_SECONDS !== 3600) {
    throw new ConfigError(
      'MEDIA_KEY_PERIOD_SECONDS solo sirve para pruebas: en producción las claves del directo cambian cada hora (3600).',
    );
  }
  return e.MEDIA_KEY_PERIOD_SECONDS;
}

function mediaSettings(e: z.infer<typeof envSchema>, publicUrl: string): MediaConfig {
  const origins = e.MEDIA_CORS_ORIGINS.split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  return {
    mediaDir: e.MEDIA_DIR,
    keySecret: loadSecret(e.MEDIA_DIR, '.key-secret', e.MEDIA_KEY_SECRET),
    prepare: (e.MEDIA_PREPARE ?? (e.NODE_ENV === 'production' ? '0' : '1')) === '1',
    corsOrigins: new Set([new URL(publicUrl).origin, ...origins]),
    urlTemplate: e.PLAYBACK_URL_TEMPLATE,
    baseUrl: (e.MEDIA_BASE_URL ?? publicUrl).replace(/\/$/, ''),
    widevineTemplate: e.DRM_WIDEVINE_LICENSE_TEMPLATE,
    fairplayTemplate: e.DRM_FAIRPLAY_LICENSE_TEMPLATE,
    fairplayCertificateUrl: e.DRM_FAIRPLAY_CERTIFICATE_URL,
    diagServers: parseDiagServers(e.DIAG_SERVERS),
    keyPeriodSeconds: keyPeriodSeconds(e),
    segmentSecret: e.SEGMENT_URL_SECRET,
  };
}

/** The sandbox's keys derive from the server's secret, so every process of a cluster agrees on them. */
function sandboxKey(authSecret: string, prefix: string): string {
  return `${prefix}${createHmac('sha256', authSecret).update(`payments-sandbox:${prefix}`).digest('base64url').slice(0, 32)}`;
}

/** Why a production start without PAYMENT_PROVIDER sells nothing (logged at start). */
export const PAYMENTS_OFF_REASON =
  'PAYMENT_PROVIDER no está definido: en producción las compras están desactivadas. Para vender, PAYMENT_PROVIDER=stripe con STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY y STRIPE_WEBHOOK_SECRET (README, "Deploying").';

/**
 * Production never falls back to the sandbox, whose test cards buy real packages: it sells
 * through Stripe, or through the sandbox only on a staging server that says so, or not at all.
 */
function paymentSettings(e: z.infer<typeof envSchema>, authSecret: string): PaymentsConfig {
  const common = {
    apiUrl: e.STRIPE_API_URL,
    webhookUrl: e.PAYMENT_WEBHOOK_URL,
    disabledReason: null,
    stagingSandbox: false,
  };
  const production = e.NODE_ENV === 'production';
  const provider = e.PAYMENT_PROVIDER ?? (production ? undefined : 'sandbox');
  if (provider === undefined)
    return {
      ...common,
      provider: 'none',
      secretKey: '',
      publishableKey: '',
      webhookSecret: '',
      disabledReason: PAYMENTS_OFF_REASON,
    };
  if (provider === 'sandbox') {
    if (production && e.PAYMENT_SANDBOX_IN_PRODUCTION !== 'staging') {
      throw new ConfigError(
        'PAYMENT_PROVIDER=sandbox en producción: sus tarjetas de prueba conceden paquetes de verdad. Solo en un servidor de pruebas, con PAYMENT_SANDBOX_IN_PRODUCTION=staging; para vender, PAYMENT_PROVIDER=stripe.',
      );
    }
    const sandboxRetryDays = e.PAYMENT_SANDBOX_RETRY_DAYS.split(',').map((d) => Number(d.trim()));
    return {
      ...common,
      sandboxRetryDays,
      provider: 'sandbox',
      stagingSandbox: production,
      secretKey: sandboxKey(authSecret, 'sk_test_'),
      publishableKey: sandboxKey(authSecret, 'pk_test_'),
      webhookSecret: sandboxKey(authSecret, 'whsec_'),
    };
  }
  const missing = (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter(
    (name) => !e[name],
  );
  if (missing.length > 0)
    throw new ConfigError(
      `PAYMENT_PROVIDER=stripe necesita ${missing.join(', ')} (las claves de tu cuenta de Stripe y el secreto de firma del webhook).`,
    );
  return {
    ...common,
    provider: 'stripe',
    secretKey: e.STRIPE_SECRET_KEY ?? '',
    publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
  };
}

/** Reads and validates the environment; a bad variable stops start-up with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (env.NODE_ENV === 'production') requireProductionSecrets(env);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Configuración no válida:\n${lines}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const authSecret = loadSecret(e.DATA_DIR, 'auth-secret', e.AUTH_SECRET);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    authSecret,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    operator: {
      name: e.OPERATOR_NAME,
      providerName: e.PROVIDER_NAME,
      legal: operatorLegal(e),
      logos: [
        { type: 3002, url: e.OPERATOR_LOGO_HEADER ?? '/api/v1/images/operator/3002.svg' },
        { type: 3001, url: e.OPERATOR_LOGO_PLAYER ?? '/api/v1/images/operator/3001.svg' },
      ],
    },
    endpoints: {
      idm: e.ENDPOINT_IDM ?? `${publicUrl}/api/v1`,
      static: e.ENDPOINT_STATIC ?? `${publicUrl}/api/v1`,
      // The spec's manager calls carry their own path: {manager}/api/v1/backend/tb-user/passwordRecovery.
      manager: e.ENDPOINT_MANAGER ?? publicUrl,
      search: e.ENDPOINT_SEARCH ?? `${publicUrl}/api/v1`,
    },
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    timeouts: { headersMs: e.HEADERS_TIMEOUT_MS, bodyMs: e.BODY_TIMEOUT_MS },
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((a) => a.trim().toLowerCase())
      .filter(Boolean),
    ingestThreads: e.INGEST_THREADS === '1',
    guideReaderThread: e.GUIDE_READER_THREAD === '1',
    ingestAllowedHosts: e.INGEST_ALLOWED_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    images: {
      allowedHosts: e.IMAGE_ALLOWED_HOSTS.split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      cacheBytes: e.IMAGE_CACHE_MB * 1024 * 1024,
      maxBytes: e.IMAGE_MAX_KB * 1024,
      refreshMs: e.IMAGE_REFRESH_HOURS * 3_600_000,
    },
    media: mediaSettings(e, publicUrl),
    registration: {
      packageIds: [...new Set(e.REGISTRATION_PACKAGES.split(',').map((id) => Number(id.trim())))],
      latamCountries: new Set(
        e.LATAM_COUNTRIES.split(',')
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      ),
      latamRegionId: e.LATAM_REGION_ID,
      defaultRegionId: e.DEFAULT_REGION_ID,
      minFillMs: e.REGISTRATION_MIN_FILL_MS,
      perAddressPerHour: e.REGISTRATION_ADDRESS_LIMIT,
    },
    payments: paymentSettings(e, authSecret),
    vat: parseVatRates(e.VAT_RATES),
    billingGraceDays: e.BILLING_GRACE_DAYS,
    qoeRawDays: e.QOE_RAW_DAYS,
    qoeDemo: (e.QOE_DEMO ?? (e.NODE_ENV === 'development' ? '1' : '0')) === '1' ? DEMO_FLAKY_CHANNEL : null,
    profiles: { max: e.PROFILES_MAX, kidsMaxRating: e.KIDS_MAX_RATING },
    recordings: {
      retentionDays: e.RECORDING_RETENTION_DAYS,
      quotaHours: e.RECORDING_QUOTA_HOURS,
      packageHours: new Map(
        e.RECORDING_PACKAGE_HOURS.split(',')
          .filter((entry) => entry.trim() !== '')
          .map((entry) => entry.split(':').map(Number) as [number, number]),
      ),
    },
    webPush: {
      publicKey: e.WEB_PUSH_PUBLIC_KEY,
      privateKey: e.WEB_PUSH_PRIVATE_KEY,
      subject:
        e.WEB_PUSH_SUBJECT ??
        (publicUrl.startsWith('https:') ? publicUrl : `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM}`),
    },
  };
}
