import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import type { Db } from '../../platform/database';
import type { Log } from '../../platform/logging';
import { Deliveries, IN_FLIGHT, orderKey, retryDelayMs, stripeSignature } from './deliveries';
import type { SandboxRepository } from './sandbox.repository';
import type { SandboxEventRow } from './tables';

const SECRET = 'whsec_test';

/** The queue's three statements, in memory. */
class FakeQueue {
  readonly rows: SandboxEventRow[] = [];
  add(id: string, customer: string, at: number): void {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type: 'invoice.paid',
      data: { object: { id: `in_${id}`, customer } },
    });
    this.rows.push({
      id,
      type: 'invoice.paid',
      payload,
      createdAt: at,
      attempts: 0,
      nextAttemptAt: at,
      deliveredAt: null,
    });
  }
  dueEvents(now: number, limit: number): Promise<SandboxEventRow[]> {
    const due = this.rows.filter((r) => r.nextAttemptAt !== null && r.nextAttemptAt <= now);
    due.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    return Promise.resolve(due.slice(0, limit).map((r) => ({ ...r })));
  }
  delivered(id: string, attempts: number, now: number): Promise<void> {
    Object.assign(this.row(id), { attempts, deliveredAt: now, nextAttemptAt: null });
    return Promise.resolve();
  }
  retryLater(id: string, attempts: number, nextAttemptAt: number | null): Promise<void> {
    Object.assign(this.row(id), { attempts, nextAttemptAt });
    return Promise.resolve();
  }
  row(id: string): SandboxEventRow {
    const row = this.rows.find((r) => r.id === id);
    if (!row) throw new Error(`no event ${id}`);
    return row;
  }
}

/** A webhook endpoint that checks signatures and records what arrives and how much at once. */
class Endpoint {
  inFlight = 0;
  maxInFlight = 0;
  readonly accepted: string[] = [];
  readonly badSignatures: string[] = [];
  /** Customers with a request open right now: two at once would break their order. */
  readonly open = new Set<string>();
  overlapped = false;
  private held: (() => void)[] = [];
  private holding = true;
  failFirst = new Set<string>();
  private server: Server;

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhook`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const event = JSON.parse(body) as { id: string; data: { object: { customer: string } } };
    const customer = event.data.object.customer;
    if (this.open.has(customer)) this.overlapped = true;
    this.open.add(customer);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    // The first wave is held until the sender has filled every slot, so the bound is reached and measured.
    if (this.holding) {
      await new Promise<void>((resolve) => {
        this.held.push(resolve);
        if (this.held.length >= IN_FLIGHT) {
          this.holding = false;
          for (const release of this.held.splice(0)) release();
        }
      });
    }
    const header = String(req.headers['stripe-signature'] ?? '');
    const t = Number(/t=(\d+)/.exec(header)?.[1]);
    if (header !== stripeSignature(SECRET, body, t)) this.badSignatures.push(event.id);
    this.inFlight--;
    this.open.delete(customer);
    if (this.failFirst.delete(event.id)) {
      res.writeHead(500).end();
      return;
    }
    this.accepted.push(event.id);
    res.writeHead(200).end('{}');
  }
}

const noopLog = { info: () => undefined, warn: () => undefined } as unknown as Log;
const oneProcess = { exclusive: <T>(_name: string, fn: () => Promise<T>) => fn() } as unknown as Db;

describe('webhook deliveries', () => {
  let endpoint: Endpoint | undefined;
  afterEach(async () => {
    await endpoint?.close();
    endpoint = undefined;
  });

  it("sends a batch at most IN_FLIGHT at a time, every event once, one customer's in order, failures retried", async () => {
    const clock = new ManualClock();
    const queue = new FakeQueue();
    // 120 events of 60 customers, each customer's two a minute apart in the queue.
    for (let i = 0; i < 120; i++) queue.add(`evt_${String(i).padStart(3, '0')}`, `cus_${i % 60}`, clock.now() + i);
    clock.advance(1000);
    endpoint = new Endpoint();
    endpoint.failFirst = new Set(['evt_005', 'evt_077']);
    const url = await endpoint.listen();
    const deliveries = new Deliveries(
      queue as unknown as SandboxRepository,
      oneProcess,
      clock,
      SECRET,
      () => url,
      noopLog,
    );

    await deliveries.kick();
    expect(endpoint.maxInFlight).toBe(IN_FLIGHT);
    expect(endpoint.overlapped).toBe(false);
    expect(endpoint.badSignatures).toEqual([]);
    expect(endpoint.accepted).toHaveLength(118);
    for (let c = 0; c < 60; c++) {
      const first = `evt_${String(c).padStart(3, '0')}`;
      const second = `evt_${String(c + 60).padStart(3, '0')}`;
      if (endpoint.accepted.includes(first) && endpoint.accepted.includes(second))
        expect(endpoint.accepted.indexOf(first)).toBeLessThan(endpoint.accepted.indexOf(second));
    }
    expect(queue.row('evt_005')).toMatchObject({
      attempts: 1,
      deliveredAt: null,
      nextAttemptAt: clock.now() + retryDelayMs(1),
    });

    // Nothing is due before the backoff: a round sends nothing more.
    await deliveries.kick();
    expect(endpoint.accepted).toHaveLength(118);

    clock.advance(retryDelayMs(1));
    await deliveries.kick();
    expect(endpoint.accepted).toHaveLength(120);
    expect(new Set(endpoint.accepted).size).toBe(120);
    expect(queue.row('evt_077')).toMatchObject({ attempts: 2, nextAttemptAt: null, deliveredAt: clock.now() });
    expect(queue.rows.every((r) => r.deliveredAt !== null)).toBe(true);
  });

  it('orders by the customer an event names, else keeps an event on its own', () => {
    const event = (object: object) => JSON.stringify({ id: 'evt_1', data: { object } });
    expect(orderKey(event({ id: 'in_1', customer: 'cus_A' }), 'evt_1')).toBe('cus_A');
    expect(orderKey(event({ id: 'cus_B' }), 'evt_1')).toBe('cus_B');
    expect(orderKey(event({ id: 'prod_1' }), 'evt_1')).toBe('evt_1');
    expect(orderKey('not json', 'evt_2')).toBe('evt_2');
  });
});
