/**
 * The purchase route codec (accounts spec 2, Purchase summary): /purchase/{base64 of the
 * ';'-joined fields start, end, title, description, price, currency, channel id, package
 * id, recurring, interval}. Like the player codec, each field is URI-encoded before
 * joining, so a ';' in a title cannot shift the fields and the text is ASCII for btoa.
 * The URL only describes what the summary shows: the server charges its own price.
 */
export interface PurchaseData {
  /** ISO instant the purchase starts (the event start for PPV). */
  start: string;
  /** ISO instant it ends; null for an open subscription. */
  end: string | null;
  title: string;
  /** Description or subtitle. */
  description: string;
  /** Price in cents (the spec multiplies the shown price by 100). */
  priceCents: number;
  /** ISO 4217 code; shown as € for EUR. */
  currency: string;
  /** The channel a PPV event airs on; null for a subscription. */
  channelId: number | null;
  packageId: number;
  recurring: boolean;
  /** Billing interval of a recurring product (the spec's default is month). */
  interval: 'month' | 'year';
}

const FIELD_COUNT = 10;

function toField(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  return encodeURIComponent(String(value));
}

export function encodePurchaseData(data: PurchaseData): string {
  const fields = [
    data.start,
    data.end,
    data.title,
    data.description,
    data.priceCents,
    data.currency,
    data.channelId,
    data.packageId,
    data.recurring,
    data.interval,
  ];
  return btoa(fields.map(toField).join(';'));
}

/** The route for a purchase summary; the base64 is URI-encoded because it may hold '/' and '+'. */
export function purchaseHref(data: PurchaseData): string {
  return `/purchase/${encodeURIComponent(encodePurchaseData(data))}`;
}

export class PurchaseDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PurchaseDataError';
  }
}

function integer(text: string, name: string): number {
  if (!/^-?\d+$/.test(text)) throw new PurchaseDataError(`${name} is not an integer`);
  return Number(text);
}

/** Decodes a route parameter (raw or URI-encoded base64); throws PurchaseDataError on anything malformed. */
export function decodePurchaseData(encoded: string): PurchaseData {
  let text: string;
  try {
    text = atob(decodeURIComponent(encoded));
  } catch {
    throw new PurchaseDataError('not base64');
  }
  const raw = text.split(';');
  if (raw.length !== FIELD_COUNT) throw new PurchaseDataError(`expected ${FIELD_COUNT} fields, got ${raw.length}`);
  let fields: string[];
  try {
    fields = raw.map((f) => decodeURIComponent(f));
  } catch {
    throw new PurchaseDataError('bad field encoding');
  }
  const [start, end, title, description, price, currency, channelId, packageId, recurring, interval] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (Number.isNaN(Date.parse(start))) throw new PurchaseDataError('start is not a date');
  if (end !== '' && Number.isNaN(Date.parse(end))) throw new PurchaseDataError('end is not a date');
  if (recurring !== '0' && recurring !== '1') throw new PurchaseDataError('recurring must be 0 or 1');
  if (interval !== 'month' && interval !== 'year') throw new PurchaseDataError('interval must be month or year');
  if (!/^[A-Z]{3}$/.test(currency)) throw new PurchaseDataError('currency must be a 3-letter code');
  const priceCents = integer(price, 'price');
  if (priceCents < 0) throw new PurchaseDataError('price must not be negative');
  return {
    start,
    end: end === '' ? null : end,
    title,
    description,
    priceCents,
    currency,
    channelId: channelId === '' ? null : integer(channelId, 'channel id'),
    packageId: integer(packageId, 'package id'),
    recurring: recurring === '1',
    interval,
  };
}

/** Recurring purchases end one month after the start; others at the event end (accounts spec 9). */
export function purchaseEnd(start: Date, recurring: boolean, eventEnd: Date | null): Date | null {
  if (!recurring) return eventEnd;
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}
