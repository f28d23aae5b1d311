/** The signing secret the commerce benchmark and its server child share. */
export const BENCH_SECRET = 'bench-commerce-secret-bench-commerce-secret-0123';
