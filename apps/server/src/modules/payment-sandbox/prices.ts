import type { FormObject, FormValue } from './form-body';
import { invalidRequest, newId, type Json } from './objects';
import type { PaymentSandbox } from './sandbox.service';

const text = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: FormValue | undefined): FormObject => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});

/**
 * Prices as Stripe has them (POST /v1/prices, GET /v1/prices/:id): a product's amount, one-time
 * or recurring. A subscription made with `items[0][price]` keeps that Price (its id) for every
 * renewal, so a later Price of the same product changes nothing for it.
 */
export class SandboxPrices {
  constructor(private readonly sandbox: PaymentSandbox) {}

  async create(form: FormObject): Promise<Json> {
    const product = text(form.product);
    if (!product) throw invalidRequest('Missing required param: product.', 'product');
    await this.sandbox.load(product, 'product');
    const amountText = text(form.unit_amount);
    if (!amountText || !/^\d{1,9}$/.test(amountText))
      throw invalidRequest('Invalid non-negative integer: unit_amount', 'unit_amount');
    const currency = text(form.currency)?.toLowerCase();
    if (!currency || !/^[a-z]{3}$/.test(currency))
      throw invalidRequest('Missing required param: currency.', 'currency');
    const intervalText = text(obj(form.recurring).interval);
    if (intervalText !== undefined && intervalText !== 'month' && intervalText !== 'year')
      throw invalidRequest('The sandbox prices by month or year.', 'recurring[interval]');
    const amount = Number(amountText);
    const price = {
      id: newId('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: Math.floor((await this.sandbox.now()) / 1000),
      currency,
      livemode: false,
      lookup_key: null,
      metadata: { ...obj(form.metadata) },
      nickname: text(form.nickname) ?? null,
      product,
      recurring: intervalText ? { interval: intervalText, interval_count: 1, usage_type: 'licensed' } : null,
      tax_behavior: 'unspecified',
      type: intervalText ? 'recurring' : 'one_time',
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    };
    await this.sandbox.apply(
      [{ id: price.id, type: 'price', data: JSON.stringify(price), private: null, dueAt: null, version: null }],
      [],
    );
    return price;
  }

  async retrieve(id: string): Promise<Json> {
    return (await this.sandbox.load(id, 'price')).data;
  }

  /**
   * The price of a subscription's first item: the Price `items[0][price]` names (recurring
   * only, as Stripe refuses a one-time one), as price_data would say it; null for price_data.
   */
  async ofItem(item: FormObject): Promise<{ priceData: FormObject; price: Json } | null> {
    const id = text(item.price);
    if (id === undefined) return null;
    const price = await this.retrieve(id);
    const recurring = price.recurring as { interval?: string } | null;
    if (!recurring?.interval)
      throw invalidRequest(
        `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`: ${id}`,
        'items[0][price]',
      );
    return {
      priceData: {
        currency: String(price.currency),
        unit_amount: String(price.unit_amount),
        product: String(price.product),
        recurring: { interval: recurring.interval },
      },
      price,
    };
  }
}
