import type { Selectable } from 'kysely';

/**
 * One object of the sandbox processor (customer, payment method, payment intent, invoice,
 * subscription, product) in Stripe's JSON shape; `private` holds what Stripe never shows
 * (the full card number a renewal charges). `version` makes updates compare-and-set.
 */
export interface SandboxObjectTable {
  id: string;
  type: string;
  data: string;
  private: string | null;
  /** Subscriptions: when the sandbox clock next renews or ends it (epoch ms); else null. */
  dueAt: number | null;
  version: number;
  createdAt: number;
  /** Invoices: the subscription they bill (listing by subscription); else null. */
  ownerId: string | null;
}
export type SandboxObjectRow = Selectable<SandboxObjectTable>;

/** An event the sandbox delivers to the webhook, retried with backoff until answered 2xx. */
export interface SandboxEventTable {
  id: string;
  type: string;
  payload: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number | null;
  deliveredAt: number | null;
}
export type SandboxEventRow = Selectable<SandboxEventTable>;

/** Idempotency keys of API requests: a retried request gets the first answer. */
export interface SandboxIdempotencyTable {
  key: string;
  status: number;
  body: string;
  createdAt: number;
}

/** Small named values: the sandbox clock's offset. */
export interface SandboxStateTable {
  name: string;
  value: string;
}

export interface SandboxTables {
  sandboxObjects: SandboxObjectTable;
  sandboxEvents: SandboxEventTable;
  sandboxIdempotency: SandboxIdempotencyTable;
  sandboxState: SandboxStateTable;
}
