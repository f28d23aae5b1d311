import { describe, expect, it } from 'vitest';
import { SERVER_ENV, serverEnv } from '../../../scripts/server-env.mjs';

describe('the environment the start scripts give the server', () => {
  it('keeps glibc to two malloc arenas and large blocks out of its heap, unless the operator chose otherwise', () => {
    expect(SERVER_ENV).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '262144' });
    expect(serverEnv({ PORT: '1' })).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '262144', PORT: '1' });
    expect(serverEnv({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX).toBe('8');
    expect(serverEnv({ MALLOC_MMAP_THRESHOLD_: '131072' }).MALLOC_MMAP_THRESHOLD_).toBe('131072');
  });
});
