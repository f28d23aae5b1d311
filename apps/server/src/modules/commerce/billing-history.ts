import { randomBytes } from 'node:crypto';
import type { BillingEntry, BillingHistoryResponse, Receipt } from '@pantalla/contracts';
import type { OperatorLegalConfig } from '../../platform/config';
import { badRequest, notFound } from '../../platform/errors';
import type { Log } from '../../platform/logging';
import type { Mailer, PersonalDataHolder } from '../identity';
import type { BillingEvents } from './billing-events';
import type { BillingHistoryRepository, HistoryCursor } from './billing-history.repository';
import { billingMail, mailLanguageOf, type BillingMailFact } from './billing-mails';
import { vatOf, type VatRates } from './commerce.service';
import type { BillingEntryRow, PurchaseRow } from './tables';

/** Who the mails and receipts go to, as identity knows the account now. */
export interface BillingContact {
  email: string;
  /** The account's language ('es', 'en', 'de'); null when identity keeps none (mails then in Spanish). */
  language: string | null;
}
export type ContactOf = (userId: number) => Promise<BillingContact | undefined>;

/** The card a payment method is (brand and last four), asked of the provider; null when unknown. */
export type CardOf = (paymentMethodId: string) => Promise<{ brand: string; last4: string } | null>;

export interface BillingHistoryDeps {
  repo: BillingHistoryRepository;
  mailer: Mailer;
  contactOf: ContactOf;
  countryOf: (userId: number) => Promise<string | null>;
  cardOf: CardOf;
  /** The card that paid a payment intent, when a fact does not say (invoices, renewals). */
  paymentMethodOf: (paymentIntentId: string) => Promise<string | null>;
  vat: VatRates;
  log: Log;
  operatorName: string;
  /** The seller on receipts (configuration). */
  seller: () => OperatorLegalConfig;
  /** The app's settings page, linked from mails. */
  settingsUrl: string;
}

const newEntryId = () => `bil_${randomBytes(12).toString('hex')}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** The keyset cursor as the client sees it: opaque (base64url of 'at.id'). */
export function encodeCursor(c: HistoryCursor): string {
  return Buffer.from(`${c.at}.${c.id}`).toString('base64url');
}

export function decodeCursor(text: string): HistoryCursor {
  const match = /^(\d{1,16})\.(bil_[0-9a-f]{24})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match || !/^[A-Za-z0-9_-]+$/.test(text)) throw badRequest('La página pedida del historial no es válida.');
  return { at: Number(match[1]), id: String(match[2]) };
}

function entryView(row: BillingEntryRow): BillingEntry {
  return {
    id: row.id,
    kind: row.kind,
    at: iso(row.at),
    purchaseId: row.purchaseId,
    productTitle: row.productTitle,
    amountCents: row.amountCents,
    currency: row.currency,
    vat: { country: row.vatCountry, ratePercent: row.vatRate, includedCents: row.vatCents },
    method: row.methodBrand && row.methodLast4 ? { brand: row.methodBrand, last4: row.methodLast4 } : null,
    receipt: row.receiptNumber !== null,
  };
}

/**
 * The billing history and the subscriber's billing mails: the purchases service tells each
 * fact once or more (webhooks are replayed); its key records one line and sends one mail.
 * A mail goes only when its line (or its notice) was inserted, so a mail lost to a crash in
 * between is not sent twice on a replay: at most once, never twice.
 */
export class BillingHistory implements BillingEvents {
  constructor(private readonly d: BillingHistoryDeps) {}

  async paid(fact: Parameters<BillingEvents['paid']>[0]): Promise<void> {
    const card = await this.card(fact.paymentMethodId, fact.key);
    const row = await this.record(fact.purchase, {
      kind: 'payment',
      key: fact.key,
      at: fact.at,
      amountCents: fact.amountCents,
      currency: fact.currency,
      card,
      period: fact.period,
      vat: null,
    });
    if (!row) return;
    await this.mail(fact.purchase, {
      kind: fact.reason,
      title: row.productTitle,
      amountCents: row.amountCents,
      currency: row.currency,
      until: fact.period?.to ?? (fact.purchase.kind === 'ppv' ? null : fact.purchase.paidUntil),
      receiptNumber: row.receiptNumber,
    });
  }

  async renewalFailed(fact: Parameters<BillingEvents['renewalFailed']>[0]): Promise<void> {
    const row = await this.record(fact.purchase, {
      kind: 'failed_renewal',
      key: fact.key,
      at: fact.at,
      amountCents: fact.amountCents,
      currency: fact.currency,
      card: null,
      period: null,
      vat: null,
    });
    if (row)
      await this.mail(fact.purchase, {
        kind: 'failed',
        title: row.productTitle,
        amountCents: row.amountCents,
        currency: row.currency,
        graceUntil: fact.graceUntil,
      });
  }

  async cancelled(fact: Parameters<BillingEvents['cancelled']>[0]): Promise<void> {
    if (await this.d.repo.notice(fact.key, fact.purchase.userId, 'cancelled', fact.at))
      await this.mail(fact.purchase, { kind: 'cancelled', title: fact.purchase.title, endsAt: fact.endsAt });
  }

  async ended(fact: Parameters<BillingEvents['ended']>[0]): Promise<void> {
    if (await this.d.repo.notice(fact.key, fact.purchase.userId, 'ended', fact.at))
      await this.mail(fact.purchase, { kind: 'ended', title: fact.purchase.title, reason: fact.reason });
  }

  /** A refund's line takes the VAT rate and card of the payment it returns (the latest one of the purchase). */
  async refunded(fact: Parameters<BillingEvents['refunded']>[0]): Promise<void> {
    const payment = await this.d.repo.latestPayment(fact.purchase.id);
    const card = fact.paymentMethodId
      ? await this.card(fact.paymentMethodId, null)
      : payment?.methodBrand && payment.methodLast4
        ? { brand: payment.methodBrand, last4: payment.methodLast4 }
        : null;
    const vat = payment ? { country: payment.vatCountry, ratePercent: payment.vatRate } : null;
    const row = await this.record(fact.purchase, {
      kind: 'refund',
      key: fact.key,
      at: fact.at,
      amountCents: fact.amountCents,
      currency: fact.currency,
      card,
      period: null,
      vat,
    });
    if (row)
      await this.mail(fact.purchase, {
        kind: 'refund',
        title: row.productTitle,
        amountCents: row.amountCents,
        currency: row.currency,
        receiptNumber: row.receiptNumber,
      });
  }

  async trialEnding(fact: Parameters<BillingEvents['trialEnding']>[0]): Promise<void> {
    if (await this.d.repo.notice(fact.key, fact.purchase.userId, 'trial_ending', fact.at)) {
      await this.mail(fact.purchase, {
        kind: 'trial_ending',
        title: fact.purchase.title,
        amountCents: fact.amountCents,
        currency: fact.currency,
        trialEndsAt: fact.trialEndsAt,
      });
    }
  }

  /** The card of a payment: the method the fact names, else the one of its payment intent (a key 'pi_…'). */
  private async card(
    paymentMethodId: string | null,
    key: string | null,
  ): Promise<{ brand: string; last4: string } | null> {
    try {
      if (key?.startsWith('pi_') && !(await this.d.repo.byFactKey(key)))
        paymentMethodId ??= await this.d.paymentMethodOf(key);
      return paymentMethodId ? await this.d.cardOf(paymentMethodId) : null;
    } catch (error) {
      // The line is recorded without its card rather than not at all.
      this.d.log.warn({ err: error }, 'billing history: the card of a payment could not be read');
      return null;
    }
  }

  private async record(
    purchase: PurchaseRow,
    line: {
      kind: BillingEntryRow['kind'];
      key: string;
      at: number;
      amountCents: number;
      currency: string;
      card: { brand: string; last4: string } | null;
      period: { from: number; to: number } | null;
      vat: { country: string; ratePercent: number } | null;
    },
  ): Promise<BillingEntryRow | null> {
    if (await this.d.repo.byFactKey(line.key)) return null;
    const contact = await this.d.contactOf(purchase.userId);
    const vat = line.vat ?? vatOf(line.amountCents, await this.d.countryOf(purchase.userId), this.d.vat);
    const vatCents = Math.round((line.amountCents * vat.ratePercent) / (100 + vat.ratePercent));
    return this.d.repo.record(
      {
        id: newEntryId(),
        userId: purchase.userId,
        purchaseId: purchase.id,
        kind: line.kind,
        factKey: line.key,
        at: line.at,
        productTitle: purchase.title,
        amountCents: line.amountCents,
        currency: line.currency.toUpperCase(),
        vatCountry: vat.country,
        vatRate: vat.ratePercent,
        vatCents,
        methodBrand: line.card?.brand ?? null,
        methodLast4: line.card?.last4 ?? null,
        periodFrom: line.period?.from ?? null,
        periodTo: line.period?.to ?? null,
        buyerName: purchase.holderName,
        buyerEmail: contact?.email ?? '',
      },
      line.kind !== 'failed_renewal',
    );
  }

  private async mail(purchase: PurchaseRow, fact: BillingMailFact): Promise<void> {
    const contact = await this.d.contactOf(purchase.userId);
    // A deleted account's tombstone address (.invalid) is never mailed.
    if (!contact || contact.email === '' || contact.email.endsWith('.invalid')) return;
    try {
      await this.d.mailer.send(
        billingMail({
          to: contact.email,
          language: mailLanguageOf(contact.language),
          operatorName: this.d.operatorName,
          name: purchase.holderName,
          settingsUrl: this.d.settingsUrl,
          fact,
        }),
      );
    } catch (error) {
      // The fact is recorded; a mail that could not go is logged, not retried into a duplicate.
      this.d.log.error({ err: error, purchase: purchase.id }, 'billing mail could not be sent');
    }
  }

  /** GET /billing/history: newest first, `limit` lines after the cursor. */
  async history(userId: number, limit: number, cursor: string | undefined): Promise<BillingHistoryResponse> {
    const after = cursor ? decodeCursor(cursor) : null;
    const rows = await this.d.repo.page(userId, limit + 1, after);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      entries: page.map(entryView),
      nextCursor: rows.length > limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
    };
  }

  /** GET /billing/receipts/{entryId}: only the owner's payments and refunds; anything else is not found. */
  async receipt(userId: number, entryId: string): Promise<Receipt> {
    const row = await this.d.repo.entry(entryId);
    if (!row || row.userId !== userId || row.receiptNumber === null || row.kind === 'failed_renewal')
      throw notFound('No existe ese recibo.');
    const seller = this.d.seller();
    return {
      number: row.receiptNumber,
      kind: row.kind,
      issuedAt: iso(row.at),
      seller: { name: seller.name, taxId: seller.taxId, address: seller.address },
      buyer: { name: row.buyerName, email: row.buyerEmail },
      description: row.productTitle,
      totalCents: row.amountCents,
      currency: row.currency,
      vat: { country: row.vatCountry, ratePercent: row.vatRate, includedCents: row.vatCents },
      method: row.methodBrand && row.methodLast4 ? { brand: row.methodBrand, last4: row.methodLast4 } : null,
      period:
        row.periodFrom !== null && row.periodTo !== null ? { from: iso(row.periodFrom), to: iso(row.periodTo) } : null,
    };
  }

  /** The history joins the account's data export; a deletion keeps the lines for accounting with the buyer blanked. */
  withPersonalData(inner: PersonalDataHolder): PersonalDataHolder {
    return {
      export: async (userId) => {
        const rows = await this.d.repo.entriesOf(userId);
        const own = await inner.export(userId);
        return {
          ...(own && typeof own === 'object' ? own : {}),
          billingHistory: rows.map((r) => ({
            ...entryView(r),
            receiptNumber: r.receiptNumber,
            buyerName: r.buyerName,
            buyerEmail: r.buyerEmail,
          })),
        };
      },
      erase: async (userId) => {
        await inner.erase(userId);
        await this.d.repo.anonymise(userId);
      },
    };
  }
}
