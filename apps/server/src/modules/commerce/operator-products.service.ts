import {
  SALES_RANGE_MAX_DAYS,
  type OperatorPriceChange,
  type OperatorProduct,
  type OperatorProductDetail,
  type OperatorProductPatch,
  type OperatorProductsPage,
  type OperatorProductsQuery,
  type OperatorSales,
} from '@pantalla/contracts';
import type { Actor } from '../../platform/audit.repository';
import type { Clock } from '../../platform/clock';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { PaymentProvider } from './payments/provider';
import { ProviderRefusedError, ProviderUnavailableError } from './payments/provider';
import type { OperatorProductsRepository, ProductChange, ProductWithPackage } from './operator-products.repository';
import { providerProductOf } from './promotions';

const DAY_MS = 86_400_000;
/** Price changes the product page shows (the audit log keeps them all). */
const HISTORY_SHOWN = 50;

function toProduct(row: ProductWithPackage): OperatorProduct {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    packageId: row.packageId,
    packageName: row.packageName,
    priceCents: row.priceCents,
    currency: row.currency,
    interval: row.interval,
    saleFrom: row.fcIni,
    saleUntil: row.fcEnd,
    active: row.active === 1,
    providerPriceId: row.providerPriceId,
    priceVersion: row.priceVersion,
  };
}

/** 'YYYY-MM-DD' as its UTC midnight (epoch ms); 400 when no such day. */
function dayStart(day: string, field: string): number {
  const at = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== day)
    throw badRequest(`Fecha no válida: ${field}.`);
  return at;
}

/** The provider's failures as the console says them (never a 5xx with its details). */
async function atProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderUnavailableError)
      throw new AppError(
        503,
        'provider_unavailable',
        'No se ha podido contactar con el proveedor de pagos. Vuelve a intentarlo.',
      );
    if (error instanceof ProviderRefusedError)
      throw badRequest(`El proveedor de pagos no ha aceptado el precio: ${error.message}`);
    throw error;
  }
}

/**
 * The console's products and prices (issue 27). A price change makes a Price at the provider
 * and makes it the product's: new purchases (and the checkout's quote, read from the product
 * row on every request) pay it; existing subscriptions renew at the Price they were made with.
 */
export class OperatorProducts {
  constructor(
    private readonly repo: OperatorProductsRepository,
    private readonly payments: Pick<PaymentProvider, 'createPrice'>,
    private readonly clock: Clock,
    /** Every process reads the products on sale again (which product sells a package). */
    private readonly productsChanged: () => Promise<void>,
  ) {}

  async list(query: OperatorProductsQuery): Promise<OperatorProductsPage> {
    const beforeId = query.cursor === undefined ? undefined : Number(query.cursor);
    if (beforeId !== undefined && (!Number.isSafeInteger(beforeId) || beforeId <= 0))
      throw badRequest('Cursor no válido.');
    const rows = await this.repo.list({ kind: query.kind, q: query.q, beforeId, limit: query.limit + 1 });
    const items = rows.slice(0, query.limit).map(toProduct);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > query.limit && last ? String(last.id) : null };
  }

  async detail(productId: number): Promise<OperatorProductDetail> {
    const row = await this.repo.find(productId);
    if (!row) throw notFound('No existe ese producto.');
    const [prices, packages] = await Promise.all([
      this.repo.prices(productId, HISTORY_SHOWN),
      this.repo.packageChoices(row.packageId),
    ]);
    return {
      product: toProduct(row),
      prices,
      packages: packages.map((p) => ({ id: p.id, name: p.name, kind: p.kind })),
    };
  }

  /** Title, package, sale window; the audit row says the fields that changed, before and after. */
  async update(productId: number, patch: OperatorProductPatch, actor: Actor): Promise<OperatorProductDetail> {
    const row = await this.repo.find(productId);
    if (!row) throw notFound('No existe ese producto.');
    const change: ProductChange = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const set = (
      column: 'title' | 'packageId' | 'fcIni' | 'fcEnd',
      name: string,
      value: string | number | null | undefined,
    ) => {
      if (value === undefined || value === row[column]) return;
      Object.assign(change, { [column]: value });
      before[name] = row[column];
      after[name] = value;
    };
    if (patch.packageId !== undefined && patch.packageId !== row.packageId) {
      const target = await this.repo.findPackage(patch.packageId);
      if (!target) throw badRequest('No existe ese paquete.');
      // A PPV event's package is its own: its product cannot sell another one, nor a subscription a PPV event's.
      if ((target.kind === 'ppv') !== (row.kind === 'ppv'))
        throw badRequest('Ese paquete no se puede vender con este producto.');
    }
    set('title', 'title', patch.title);
    set('packageId', 'packageId', patch.packageId);
    set('fcIni', 'saleFrom', patch.saleFrom);
    set('fcEnd', 'saleUntil', patch.saleUntil);
    const from = patch.saleFrom ?? row.fcIni;
    const until = patch.saleUntil === undefined ? row.fcEnd : patch.saleUntil;
    if (until !== null && until <= from) throw badRequest('El final de la venta debe ser posterior a su inicio.');
    if (Object.keys(change).length === 0) return this.detail(productId);
    // The provider's Price belongs to the old package's product: new purchases use an inline price until the next change.
    if (change.packageId !== undefined) change.providerPriceId = null;
    await this.repo.update(productId, change, actor, this.clock.now(), { before, after });
    await this.productsChanged();
    return this.detail(productId);
  }

  /**
   * The price NEW purchases pay. The Price is made at the provider with a key of the product,
   * the version it follows and the amount, so two clicks (or two processes) get one Price;
   * the product row is then set only if still at `expectedVersion`. A request that finds the
   * price it asked for already set answers it (a double click); another change is 409.
   */
  async changePrice(productId: number, change: OperatorPriceChange, actor: Actor): Promise<OperatorProductDetail> {
    const row = await this.repo.find(productId);
    if (!row) throw notFound('No existe ese producto.');
    const already = () => row.priceCents === change.amountCents && row.currency === change.currency;
    if (row.priceVersion !== change.expectedVersion) {
      if (already()) return this.detail(productId);
      throw conflict('El precio ha cambiado mientras tanto: revisa el precio actual y vuelve a intentarlo.');
    }
    if (already()) throw badRequest('Ese ya es el precio del producto.');
    const version = change.expectedVersion + 1;
    const providerPriceId = await atProvider(() =>
      this.payments.createPrice({
        productRef: providerProductOf(row),
        productName: row.title,
        amountCents: change.amountCents,
        currency: change.currency,
        interval: row.kind === 'subscription' ? (row.interval ?? 'month') : null,
        metadata: { productId: String(productId), version: String(version) },
        idempotencyKey: `product-price-${productId}-v${version}-${change.amountCents}-${change.currency}`,
      }),
    );
    const set = await this.repo.setPrice(
      row,
      change.expectedVersion,
      { amountCents: change.amountCents, currency: change.currency, providerPriceId },
      actor,
      this.clock.now(),
    );
    if (!set) {
      const now = await this.repo.find(productId);
      if (!now || now.priceCents !== change.amountCents || now.currency !== change.currency)
        throw conflict('El precio ha cambiado mientras tanto: revisa el precio actual y vuelve a intentarlo.');
    }
    return this.detail(productId);
  }

  /** Sales per UTC day from `from` to `to` (both included, at most SALES_RANGE_MAX_DAYS), zeros included. */
  async sales(productId: number, fromDay: string, toDay: string): Promise<OperatorSales> {
    const from = dayStart(fromDay, 'from');
    const to = dayStart(toDay, 'to') + DAY_MS;
    if (to <= from) throw badRequest('El final del intervalo debe ser posterior a su inicio.');
    if ((to - from) / DAY_MS > SALES_RANGE_MAX_DAYS)
      throw badRequest(`El intervalo no puede pasar de ${SALES_RANGE_MAX_DAYS} días.`);
    const row = await this.repo.find(productId);
    if (!row) throw notFound('No existe ese producto.');
    const found = new Map((await this.repo.salesByDay(productId, from, to)).map((d) => [d.at, d]));
    const days: OperatorSales['days'] = [];
    for (let at = from; at < to; at += DAY_MS) {
      const day = found.get(at);
      days.push({
        day: new Date(at).toISOString().slice(0, 10),
        at,
        count: day?.count ?? 0,
        grossCents: day?.grossCents ?? 0,
      });
    }
    return {
      currency: row.currency,
      days,
      totalCount: days.reduce((sum, d) => sum + d.count, 0),
      totalGrossCents: days.reduce((sum, d) => sum + d.grossCents, 0),
    };
  }
}
