import type { TestContext } from '../context';

/** A valid call of one mutating operator route, built on a demo-seeded context (it may arrange rows first). */
export interface OperatorRequest {
  url: string;
  payload?: unknown;
}

/**
 * Every mutating operator route's sample call, keyed by '<METHOD> <OpenAPI path>' with `{param}`s
 * (e.g. 'PATCH /api/v1/operator/channels/{channelId}'). Each area keeps its own
 * `<area>.requests.ts` exporting `samples`; the role and audit suites read them all and fail
 * on a mutating route without one.
 */
export type OperatorSamples = Record<string, (ctx: TestContext) => Promise<OperatorRequest>>;

declare global {
  interface ImportMeta {
    /** Vite's (and so Vitest's) import of every file a pattern matches. */
    glob<T>(pattern: string, options: { eager: true }): Record<string, T>;
  }
}

const files = import.meta.glob<{ samples: OperatorSamples }>('./*.requests.ts', { eager: true });

export const OPERATOR_SAMPLES: OperatorSamples = Object.assign({}, ...Object.values(files).map((file) => file.samples));
