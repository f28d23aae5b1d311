/** The signing secret the security bench's server child and its clients share. */
export const BENCH_SECRET = 'bench-security-secret-bench-security-secret-0123';
