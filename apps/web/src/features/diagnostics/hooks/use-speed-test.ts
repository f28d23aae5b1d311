import { useCallback, useEffect, useRef, useState } from 'react';
import { session } from '../../account';
import { sendSpeedResults } from '../api/send-speed-results';
import { measureServer, terminate, type DiagServer, type DiagState, type ServerResult } from '../lib/speed-test';

type Run = {
  state: Extract<DiagState, 'testing' | 'results' | 'terminated'>;
  results: ServerResult[];
  current: number | null;
};

/**
 * The speed test's run: servers one after another (together they would share the line),
 * the one under test named, Stop turning what is left into 0. Before a run the state is
 * 'notStarted' until diag.json arrives, then 'listed'.
 */
export function useSpeedTest(servers: readonly DiagServer[] | undefined) {
  const [run, setRun] = useState<Run | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async () => {
    if (!servers) return;
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    const results: ServerResult[] = servers.map((server) => ({ server, mbps: null }));
    const deps = {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
      now: () => performance.now(),
      time: () => Date.now(),
    };
    for (let index = 0; index < servers.length; index++) {
      setRun({ state: 'testing', results: [...results], current: index });
      const mbps = await measureServer(servers[index]!, deps, mine.signal);
      if (mine.signal.aborted) return;
      results[index] = { server: servers[index]!, mbps };
    }
    setRun({ state: 'results', results, current: null });
    // A finished run only: a stopped one's zeros were never measured.
    sendSpeedResults(results, Boolean(session.getState().userInfo?.idToken));
  }, [servers]);

  const stop = useCallback(() => {
    controller.current?.abort();
    setRun((now) => ({ state: 'terminated', results: terminate(now?.results ?? []), current: null }));
  }, []);

  if (run) return { ...run, start, stop };
  const state: DiagState = servers ? 'listed' : 'notStarted';
  return {
    state,
    results: (servers ?? []).map((server): ServerResult => ({ server, mbps: null })),
    current: null,
    start,
    stop,
  };
}
