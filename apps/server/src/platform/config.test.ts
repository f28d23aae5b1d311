import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const base = { AUTH_SECRET: 'a'.repeat(32), DATA_DIR: '/tmp/pantalla-config-test' };

describe('admin accounts (ADMIN_EMAILS)', () => {
  it('reads a comma-separated list, trimmed and in lower case', () => {
    expect(loadConfig({ ...base, ADMIN_EMAILS: ' Ops@Example.test, ,editor@example.test' }).adminEmails).toEqual(['ops@example.test', 'editor@example.test']);
  });
  it('unset: the demo account outside production, nobody in production', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).adminEmails).toEqual(['demo@pantalla.test']);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).adminEmails).toEqual([]);
    expect(loadConfig({ ...base, ADMIN_EMAILS: '' }).adminEmails).toEqual([]);
  });
});
