import { describe, expect, it } from 'vitest';
import { SERVER_ENV, serverEnv } from '../../../scripts/server-env.mjs';

describe('the environment the start scripts give the server', () => {
  it('keeps glibc to two malloc arenas unless the operator chose otherwise', () => {
    expect(SERVER_ENV).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(serverEnv({ PORT: '1' })).toEqual({ MALLOC_ARENA_MAX: '2', PORT: '1' });
    expect(serverEnv({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX).toBe('8');
  });
});
