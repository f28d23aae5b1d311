import { describe, expect, it } from 'vitest';
import { actionFor } from '../lib/errors';
import { castErrorCode } from './use-chrome';

describe('castErrorCode', () => {
  it('maps the Remote Playback failures to the spec codes', () => {
    expect(castErrorCode('NotSupportedError')).toBe(8000);
    expect(castErrorCode('NotFoundError')).toBe(8001);
    expect(castErrorCode('InvalidStateError')).toBe(8002);
  });

  it('treats closing the picker without choosing as 8004, which the player ignores', () => {
    expect(castErrorCode('NotAllowedError')).toBe(8004);
    expect(castErrorCode('AbortError')).toBe(8004);
    expect(actionFor({ source: 'cast', code: castErrorCode('NotAllowedError') })).toEqual({ kind: 'ignore' });
  });
});
