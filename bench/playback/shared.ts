/** Values the benchmark orchestrator and its server child agree on. */
export const BENCH_SECRET = 'bench-playback-secret-bench-playback-secret-0123';
export const VIEWER_COUNT_ENV = 'BENCH_VIEWERS';
