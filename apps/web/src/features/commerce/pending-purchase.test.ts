import { afterEach, describe, expect, it } from 'vitest';
import type { PpvSubsProduct } from '@pantalla/contracts';
import { PENDING_PURCHASE_KEY, pendingPurchase } from './pending-purchase';
import { parsePackageId, purchaseForPackage } from './purchase-for-package';

const subscription: PpvSubsProduct = {
  id: 2,
  packageID: 2,
  price: '9,99',
  priceCents: 999,
  curr: 'EUR',
  fcIni: '2026-01-01T00:00:00.000Z',
  fcEnd: null,
  title: 'Cine Plus',
  subtitle: 'Canales de cine',
  recurring: true,
  interval: 'month',
  evID: null,
  channelId: null,
};
const ppv: PpvSubsProduct = {
  ...subscription,
  id: 10001,
  packageID: 10001,
  price: '14,99',
  priceCents: 1499,
  fcIni: '2026-03-01T20:00:00.000Z',
  fcEnd: '2026-03-01T22:00:00.000Z',
  title: 'Gran final',
  recurring: false,
  interval: null,
  evID: 77,
  channelId: 100,
};
const now = new Date('2026-02-10T10:00:00.000Z');

describe('purchase for a package', () => {
  it('a subscription starts now and ends a month later', () => {
    expect(purchaseForPackage([ppv, subscription], 2, now)).toEqual({
      start: '2026-02-10T10:00:00.000Z',
      end: '2026-03-10T10:00:00.000Z',
      title: 'Cine Plus',
      description: 'Canales de cine',
      priceCents: 999,
      currency: 'EUR',
      channelId: null,
      packageId: 2,
      recurring: true,
      interval: 'month',
    });
  });

  it('a PPV event runs from its start to its end, on its channel', () => {
    expect(purchaseForPackage([subscription, ppv], 10001, now)).toMatchObject({
      start: ppv.fcIni,
      end: ppv.fcEnd,
      channelId: 100,
      recurring: false,
      interval: 'month',
    });
  });

  it('nothing sells an unknown package', () => {
    expect(purchaseForPackage([subscription, ppv], 5001, now)).toBeNull();
  });

  it('package ids in routes are positive digits only', () => {
    expect(parsePackageId('2')).toBe(2);
    for (const bad of [null, undefined, '', '0', '-1', '2a', '1.5', ' 2', '9999999999'])
      expect(parsePackageId(bad)).toBeNull();
  });
});

describe('pending purchase store', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps the purchase and whether it is two-step, in session storage', () => {
    const purchase = purchaseForPackage([subscription], 2, now)!;
    pendingPurchase.save(purchase, { twoStep: true, now: 5 });
    expect(pendingPurchase.read()).toEqual({ purchase, twoStep: true, createdAt: 5, returnTo: null });
    pendingPurchase.clear();
    expect(pendingPurchase.read()).toBeNull();
  });

  it('reads anything irregular as no pending purchase', () => {
    for (const raw of ['not json', '{}', JSON.stringify({ purchase: { title: 'x' }, twoStep: true, createdAt: 1 })]) {
      sessionStorage.setItem(PENDING_PURCHASE_KEY, raw);
      expect(pendingPurchase.read()).toBeNull();
    }
  });
});
