import qs from 'qs';

/** A value of Stripe's form encoding: text, or nested objects and lists (`a[b][0][c]=v`). */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** Keys that would reach an object's prototype if anything downstream merged or assigned them. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Stripe's deepest parameter is items[0][price_data][recurring][interval]; nothing legitimate nests past this. */
const MAX_DEPTH = 8;
const MAX_PARAMETERS = 500;

/** A form body the sandbox will not read (a prototype key, too deep, too many fields). */
export class FormRefusedError extends Error {
  constructor(
    message: string,
    readonly param?: string,
  ) {
    super(message);
    this.name = 'FormRefusedError';
  }
}

/** Every bracketed segment of every field name: `a[b][0]` → a, b, 0. */
function segments(name: string): string[] {
  return name.split(/[[\]]+/).filter((s) => s !== '');
}

/**
 * Parses an application/x-www-form-urlencoded body (or query) the way Stripe's API reads it.
 * Objects are built without a prototype and prototype keys are refused outright, so no field
 * name can reach Object.prototype whatever later code does with the result.
 */
export function parseStripeForm(body: string): FormObject {
  for (const name of new URLSearchParams(body).keys()) {
    const bad = segments(name).find((s) => PROTOTYPE_KEYS.has(s));
    if (bad !== undefined) throw new FormRefusedError(`Received unknown parameter: ${bad}`, name.slice(0, 100));
  }
  try {
    return qs.parse(body, {
      allowPrototypes: false,
      plainObjects: true,
      depth: MAX_DEPTH,
      strictDepth: true,
      parameterLimit: MAX_PARAMETERS,
      throwOnLimitExceeded: true,
      allowDots: false,
      // Stripe's lists are a[0], a[1]...; a huge index stays an object key instead of a sparse array.
      arrayLimit: 100,
    }) as FormObject;
  } catch (error) {
    if (error instanceof RangeError)
      throw new FormRefusedError('The request nests too deeply or has too many parameters.');
    throw error;
  }
}
