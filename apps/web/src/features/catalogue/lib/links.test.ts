import type { CatalogueEvent, Channel, Episode, Film, PpvSubsProduct } from '@pantalla/contracts';
import { describe, expect, it } from 'vitest';
import { decodePlayerRoute } from '../../../lib/player-links';
import { decodePurchaseData } from '../../../lib/purchase-links';
import { buyOffer, ownedLabelKey } from './buy-link';
import { timeState } from './item-model';
import { playHref } from './play-link';

const access = (owned: boolean, productId: number | null = null) => ({ packageId: 3, owned, productId });
const stream = { source: 'origin' as const, url: null, protocol: 'dash' as const, clipKey: 'clip-1' };
const film = {
  type: 'movie',
  id: 10,
  title: 'Película',
  parental: 2,
  access: access(true),
  images: [],
} as unknown as Film;
const episode = {
  type: 'episode',
  id: 77,
  title: 'Piloto',
  parental: 2,
  seriesId: 5,
  seasonNumber: 2,
  access: access(true),
  stream,
} as unknown as Episode;
const channel = {
  type: 'channel',
  id: 4,
  name: 'Canal 4',
  parental: 2,
  adult: false,
  access: access(true),
} as unknown as Channel;
const event = (start: number, end: number, over: Partial<CatalogueEvent> = {}) =>
  ({
    type: 'event',
    id: 900,
    channelId: 4,
    startTime: start,
    endTime: end,
    title: 'Partido',
    parental: 2,
    format: 'CUTV',
    access: access(true),
    ...over,
  }) as CatalogueEvent;
const route = (href: string | null) =>
  href ? decodePlayerRoute(decodeURIComponent(href.replace('/emplayer/', ''))) : null;

describe('time state', () => {
  it('shows the live badge only between start and end, the play icon once started', () => {
    const e = event(1000, 2000);
    expect(timeState(e, 999)).toEqual({ live: false, started: false, ended: false });
    expect(timeState(e, 1000)).toEqual({ live: true, started: true, ended: false });
    expect(timeState(e, 1999)).toEqual({ live: true, started: true, ended: false });
    expect(timeState(e, 2000)).toEqual({ live: false, started: true, ended: true });
  });
});

describe('play links', () => {
  it('plays films as VOD, episodes as SERIE, channels and airing events live, ended events as CUTV', () => {
    expect(route(playHref(film, 0))).toMatchObject({ type: 'VOD', contentId: 10, title: 'Película' });
    expect(route(playHref(episode, 0))).toMatchObject({ type: 'SERIE', contentId: 77, serieId: 5, season: 2 });
    expect(route(playHref(channel, 5000))).toMatchObject({ type: 'LIVE', contentId: 4, channelId: 4 });
    expect(route(playHref(event(1000, 2000), 1500))).toMatchObject({ type: 'LIVE', channelId: 4, startSeconds: 1 });
    expect(route(playHref(event(1000, 2000), 2500))).toMatchObject({ type: 'CUTV', contentId: 900, channelId: 4 });
  });
  it('has no Play before the start or for an ended event without catch-up', () => {
    expect(playHref(event(1000, 2000), 500)).toBeNull();
    expect(playHref(event(1000, 2000, { format: 'STILL' }), 2500)).toBeNull();
  });
  it('gives adult films parental level 2 and the adult flag', () => {
    expect(route(playHref({ ...film, parental: 7 }, 0))).toMatchObject({ type: 'VOD', parental: 2, adult: true });
  });
});

describe('buy offers', () => {
  const product: PpvSubsProduct = {
    id: 8,
    packageID: 12,
    price: '12,99',
    priceCents: 1299,
    curr: 'EUR',
    fcIni: '2026-11-22T00:00:00.000Z',
    fcEnd: null,
    title: 'Fútbol PPV',
    subtitle: 'Partido de pago',
    recurring: false,
    interval: null,
    evID: 900,
    channelId: 4,
  };
  it('labels a bought pay-per-view as bought, and what a subscription includes as included', () => {
    const bought = event(1000, 2000, { access: { packageId: 12, owned: true, productId: null } });
    expect(ownedLabelKey(bought, [product])).toBe('actions.bought');
    expect(ownedLabelKey(film, [product])).toBe('actions.owned');
    expect(ownedLabelKey(bought, [{ ...product, recurring: true, interval: 'month' }])).toBe('actions.owned');
    expect(ownedLabelKey(bought, undefined)).toBe('actions.owned');
  });
  it('offers nothing for owned items or items nobody sells', () => {
    expect(buyOffer(film, [product])).toBeNull();
    expect(buyOffer({ ...film, access: access(false, null) }, [product])).toBeNull();
    expect(buyOffer({ ...film, access: access(false, 99) }, [product])).toBeNull();
  });
  it('links a PPV event to /purchase with its start, end and the product', () => {
    const ppv = event(Date.parse('2026-11-22T20:00:00Z'), Date.parse('2026-11-22T22:00:00Z'), {
      access: access(false, 8),
    });
    const offer = buyOffer(ppv, [product]);
    expect(offer?.priceLabel.replace(/\u00a0/g, ' ')).toBe('12,99 €');
    const data = decodePurchaseData(offer!.href.replace('/purchase/', ''));
    expect(data).toEqual({
      start: '2026-11-22T20:00:00.000Z',
      end: '2026-11-22T22:00:00.000Z',
      title: 'Fútbol PPV',
      description: 'Partido de pago',
      priceCents: 1299,
      currency: 'EUR',
      channelId: 4,
      packageId: 12,
      recurring: false,
      interval: 'month',
    });
  });
  it('ends a recurring subscription a month after its start', () => {
    const sub = {
      ...product,
      id: 2,
      evID: null,
      channelId: null,
      recurring: true,
      interval: 'month' as const,
      fcIni: '2026-11-22T08:00:00.000Z',
    };
    const offer = buyOffer({ ...film, access: access(false, 2) }, [sub]);
    const data = decodePurchaseData(offer!.href.replace('/purchase/', ''));
    expect(data).toMatchObject({
      start: '2026-11-22T08:00:00.000Z',
      end: '2026-12-22T08:00:00.000Z',
      recurring: true,
      channelId: null,
      packageId: 12,
    });
  });
});
