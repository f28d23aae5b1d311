import { describe, expect, it } from 'vitest';
import { profileKeyOf } from './favourites-filter';

describe('the guide profile key', () => {
  it('names the account and the profile, the first when none is chosen', () => {
    const user = { userId: 7, profiles: [{ id: 70, isAdult: true, name: 'A' }] };
    expect(profileKeyOf(user)).toBe('7.70');
    expect(profileKeyOf(user, 71)).toBe('7.71');
    expect(profileKeyOf({ userId: 8, profiles: [] })).toBe('8.0');
  });
});
