import { describe, expect, it } from 'vitest';
import {
  decodePurchaseData,
  encodePurchaseData,
  purchaseEnd,
  purchaseHref,
  PurchaseDataError,
  type PurchaseData,
} from './purchase-links';

const ppv: PurchaseData = {
  start: '2026-11-22T20:00:00.000Z',
  end: '2026-11-22T22:00:00.000Z',
  title: 'Fútbol PPV: Villarreal CF - Real Sociedad',
  description: 'Partido de pago; en directo',
  priceCents: 1299,
  currency: 'EUR',
  channelId: 101,
  packageId: 7,
  recurring: false,
  interval: 'month',
};
const subscription: PurchaseData = {
  ...ppv,
  end: null,
  title: 'Cine Plus',
  description: 'Canales de cine',
  priceCents: 999,
  channelId: null,
  packageId: 2,
  recurring: true,
};

describe('purchase links', () => {
  it('encodes the ten spec fields in order, joined by ;', () => {
    const plain = atob(encodePurchaseData(ppv)).split(';').map(decodeURIComponent);
    expect(plain).toEqual([ppv.start, ppv.end, ppv.title, ppv.description, '1299', 'EUR', '101', '7', '0', 'month']);
  });

  it('round-trips a PPV event and a subscription, including ; and accents', () => {
    expect(decodePurchaseData(encodePurchaseData(ppv))).toEqual(ppv);
    expect(decodePurchaseData(encodePurchaseData(subscription))).toEqual(subscription);
  });

  it('builds /purchase/{encoded} and decodes the URI-encoded parameter', () => {
    const href = purchaseHref(ppv);
    expect(href.startsWith('/purchase/')).toBe(true);
    expect(href.slice('/purchase/'.length)).not.toMatch(/[/+=]/);
    expect(decodePurchaseData(href.slice('/purchase/'.length))).toEqual(ppv);
  });

  it('rejects malformed data', () => {
    const bad = (fields: string[]) => btoa(fields.join(';'));
    const good = atob(encodePurchaseData(ppv)).split(';');
    expect(() => decodePurchaseData('%%%')).toThrow(PurchaseDataError);
    expect(() => decodePurchaseData('not base64!')).toThrow(PurchaseDataError);
    expect(() => decodePurchaseData(bad(good.slice(0, 9)))).toThrow(/expected 10 fields/);
    const at = (i: number, v: string) => bad(good.map((f, j) => (j === i ? v : f)));
    expect(() => decodePurchaseData(at(0, 'yesterday'))).toThrow(/start/);
    expect(() => decodePurchaseData(at(1, 'soon'))).toThrow(/end/);
    expect(() => decodePurchaseData(at(4, '12,99'))).toThrow(/price/);
    expect(() => decodePurchaseData(at(4, '-5'))).toThrow(/negative/);
    expect(() => decodePurchaseData(at(5, 'euro'))).toThrow(/currency/);
    expect(() => decodePurchaseData(at(6, 'x'))).toThrow(/channel/);
    expect(() => decodePurchaseData(at(7, ''))).toThrow(/package/);
    expect(() => decodePurchaseData(at(8, 'true'))).toThrow(/recurring/);
    expect(() => decodePurchaseData(at(9, 'week'))).toThrow(/interval/);
  });

  it('ends recurring purchases a month after the start, others at the event end', () => {
    const start = new Date('2026-01-31T10:00:00Z');
    const eventEnd = new Date('2026-01-31T12:00:00Z');
    expect(purchaseEnd(start, false, eventEnd)).toEqual(eventEnd);
    expect(purchaseEnd(start, true, eventEnd)?.toISOString()).toBe('2026-03-03T10:00:00.000Z');
    expect(purchaseEnd(new Date('2026-05-10T00:00:00Z'), true, null)?.toISOString()).toBe('2026-06-10T00:00:00.000Z');
  });
});
