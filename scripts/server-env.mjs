// What the start scripts add to the server's environment (unless already set).

/**
 * glibc gives every thread that allocates an arena of its own, up to eight per core, and
 * returns little of them: the server's import threads (parser, writer) held about 60 MB
 * more that way while a 10,000-channel guide imported. Two arenas cost nothing measurable.
 * Read once, when the process starts, so it has to be in the environment it starts with.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

/** `env` with the server's defaults under it. */
export function serverEnv(env) {
  return { ...SERVER_ENV, ...env };
}
