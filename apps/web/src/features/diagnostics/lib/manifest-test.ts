import { MANIFEST_TEST_SUFFIX, type ManifestTestEvent } from '@pantalla/contracts';

/** The spec's states: 0 idle, 1 ongoing, 2 finished. */
export const TEST_STATE = { idle: 0, ongoing: 1, finished: 2 } as const;
export type TestState = (typeof TEST_STATE)[keyof typeof TEST_STATE];

/** Manifests fetched at once: enough to finish a week of catch-up quickly, few enough not to swamp the origin. */
export const MANIFEST_TEST_CONCURRENCY = 6;

export interface ManifestTestResult {
  tested: number;
  /** The events whose manifest did not load, in the order they were listed. */
  failed: ManifestTestEvent[];
}

export interface ManifestTestDeps {
  fetch: typeof fetch;
  /** The signed-in admin's idToken: the catch-up manifest route wants a user allowed to see the programme. */
  idToken: () => string | null;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  concurrency?: number;
}

/** url + `.smil/manifest.mpd?VOD` (spec). */
export const manifestUrl = (event: Pick<ManifestTestEvent, 'url'>): string => `${event.url}${MANIFEST_TEST_SUFFIX}`;

/** One manifest: loaded when the answer is 2xx and an MPD document. */
async function loads(event: ManifestTestEvent, deps: ManifestTestDeps): Promise<boolean> {
  try {
    const token = deps.idToken();
    const response = await deps.fetch(manifestUrl(event), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      cache: 'no-store',
      signal: deps.signal,
    });
    if (!response.ok) return false;
    return (await response.text()).includes('<MPD');
  } catch {
    return false;
  }
}

/** Fetches every event's manifest, a few at a time; a failure adds the event to the failed list (spec). */
export async function runManifestTest(
  events: readonly ManifestTestEvent[],
  deps: ManifestTestDeps,
): Promise<ManifestTestResult> {
  const ok = new Array<boolean>(events.length);
  let next = 0;
  let done = 0;
  async function worker(): Promise<void> {
    while (next < events.length && !deps.signal?.aborted) {
      const index = next++;
      ok[index] = await loads(events[index]!, deps);
      done += 1;
      deps.onProgress?.(done, events.length);
    }
  }
  await Promise.all(
    Array.from({ length: Math.min(deps.concurrency ?? MANIFEST_TEST_CONCURRENCY, events.length) }, worker),
  );
  return { tested: done, failed: events.filter((_event, index) => ok[index] === false) };
}
