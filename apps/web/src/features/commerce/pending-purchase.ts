import { z } from 'zod';
import type { PurchaseData } from '../../lib/purchase-links';

/**
 * The purchase the checkout screen is to take: what registration (two-step) or the login
 * confirmation put there. Session storage: it lives as long as the tab, never holds a
 * secret, and anything irregular in it reads as nothing.
 */
export interface PendingPurchase {
  purchase: PurchaseData;
  /** True when it came through the two-step registration or login confirmation ('Paso 2 de 2'). */
  twoStep: boolean;
  /** Epoch ms it was set. */
  createdAt: number;
  /** What the user wanted to watch when they chose to buy (an app path): where success leads back. */
  returnTo?: string | null;
}

export const PENDING_PURCHASE_KEY = 'pantalla.pendingPurchase';

const purchaseDataSchema = z.object({
  start: z.string().refine((v) => !Number.isNaN(Date.parse(v))),
  end: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)))
    .nullable(),
  title: z.string(),
  description: z.string(),
  priceCents: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  channelId: z.number().int().nullable(),
  packageId: z.number().int().positive(),
  recurring: z.boolean(),
  interval: z.enum(['month', 'year']),
});
const pendingPurchaseSchema = z.object({
  purchase: purchaseDataSchema,
  twoStep: z.boolean(),
  createdAt: z.number().int(),
  returnTo: z
    .string()
    .regex(/^\/(?![/\\])/)
    .nullable()
    .optional(),
});

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage blocked (privacy mode): there is simply no pending purchase.
    return null;
  }
}

/** The pending purchase store the checkout reads. */
export const pendingPurchase = {
  save(purchase: PurchaseData, options: { twoStep: boolean; now?: number; returnTo?: string | null }): PendingPurchase {
    const value: PendingPurchase = {
      purchase,
      twoStep: options.twoStep,
      createdAt: options.now ?? Date.now(),
      returnTo: options.returnTo ?? null,
    };
    storage()?.setItem(PENDING_PURCHASE_KEY, JSON.stringify(value));
    return value;
  },
  /** The pending purchase, or null when there is none or it is not one. */
  read(): PendingPurchase | null {
    const raw = storage()?.getItem(PENDING_PURCHASE_KEY);
    if (!raw) return null;
    try {
      const parsed = pendingPurchaseSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
  clear(): void {
    storage()?.removeItem(PENDING_PURCHASE_KEY);
  },
};
