// What the start scripts add to the server's environment (unless already set).

/**
 * glibc gives every thread that allocates an arena of its own, up to eight per core, and
 * returns little of them: the server's import threads (parser, writer) held about 60 MB
 * more that way while a 10,000-channel guide imported. Two arenas cost nothing measurable.
 *
 * Allocations from 256 KB up get pages of their own, handed back when freed: a guide window at
 * 10,000 channels is 9 to 17 MB, and glibc, which raises that threshold as large blocks are
 * freed, put them in its heap instead, which only shrinks from its top: 950 MB of it stayed
 * taken during a 10,000-channel import under viewers (issue 31, item 9; 1,179 MB peak, 804 MB
 * with this).
 * Read once, when the process starts, so it has to be in the environment it starts with.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '262144' };

/** `env` with the server's defaults under it. */
export function serverEnv(env) {
  return { ...SERVER_ENV, ...env };
}
