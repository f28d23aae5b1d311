import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { withDemoDefaults } from './config';

const base = {
  AUTH_SECRET: 'auth-secret-0123456789-ABCDEFGHIJKL',
  DATA_DIR: '/tmp/pantalla-config-test',
  MEDIA_DIR: '/tmp/pantalla-config-test/media',
};

describe("the demo's configuration", () => {
  it('lets the demo account import guides when ADMIN_EMAILS is unset, outside production only', () => {
    expect(loadConfig(withDemoDefaults({ ...base, NODE_ENV: 'development' })).adminEmails).toEqual([
      'demo@pantalla.test',
    ]);
    expect(loadConfig(withDemoDefaults({ ...base, NODE_ENV: 'test' })).adminEmails).toEqual(['demo@pantalla.test']);
    expect(
      loadConfig(
        withDemoDefaults({
          ...base,
          NODE_ENV: 'production',
          MEDIA_KEY_SECRET: 'media-key-0123456789-abcdefghijklmnop',
        }),
      ).adminEmails,
    ).toEqual([]);
  });
  it('leaves a set ADMIN_EMAILS alone, even an empty one', () => {
    expect(loadConfig(withDemoDefaults({ ...base, ADMIN_EMAILS: '' })).adminEmails).toEqual([]);
    expect(loadConfig(withDemoDefaults({ ...base, ADMIN_EMAILS: 'ops@example.test' })).adminEmails).toEqual([
      'ops@example.test',
    ]);
  });
});
