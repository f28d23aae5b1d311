import {
  SUBSCRIBER_PURCHASES_FIRST,
  type OpenStream,
  type SubscriberDevice,
  type SubscriberPage,
  type SubscriberPurchasePage,
  type SubscriberSearchPage,
} from '@pantalla/contracts';
import { notFound } from '../../platform/errors';
import type { SubscriberDirectory } from '../identity';
import type { SubscriberCommerce } from '../commerce';

/** The devices the page lists at most. */
const DEVICES_MAX = 20;
const NO_SUBSCRIBER = 'No existe esa cuenta.';

/** What the subscriber page reads of the other modules. */
export interface SubscriberPageNeeds {
  subscribers: SubscriberDirectory;
  commerce: SubscriberCommerce;
  streams: {
    openStreams(userId: number): Promise<OpenStream[]>;
    devices(userId: number, limit: number): Promise<SubscriberDevice[]>;
  };
}

/** The console's subscriber search and page: identity, commerce and playback, read side by side. */
export class SubscriberPages {
  constructor(private readonly needs: SubscriberPageNeeds) {}

  search(q: string, cursor: string | undefined, limit: number): Promise<SubscriberSearchPage> {
    return this.needs.subscribers.search(q, cursor, limit);
  }

  async page(userId: number): Promise<SubscriberPage> {
    const { subscribers, commerce, streams } = this.needs;
    const record = await subscribers.record(userId);
    if (!record) throw notFound(NO_SUBSCRIBER);
    const [packages, purchases, open, devices] = await Promise.all([
      commerce.packagesOf(userId),
      commerce.purchasesOf(userId, undefined, SUBSCRIBER_PURCHASES_FIRST),
      streams.openStreams(userId),
      streams.devices(userId, DEVICES_MAX),
    ]);
    return { ...record, packages, purchases, streams: open, devices };
  }

  async purchases(userId: number, cursor: string | undefined, limit: number): Promise<SubscriberPurchasePage> {
    if (!(await this.needs.subscribers.record(userId))) throw notFound(NO_SUBSCRIBER);
    return this.needs.commerce.purchasesOf(userId, cursor, limit);
  }
}
