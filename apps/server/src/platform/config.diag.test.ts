import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = {
  DATA_DIR: '/tmp/pantalla-config-test',
  MEDIA_DIR: '/tmp/pantalla-config-test/media',
  AUTH_SECRET: 'x'.repeat(32),
};

describe('speed-test servers (DIAG_SERVERS)', () => {
  it('are this origin when unset', () => {
    expect(loadConfig(base).media.diagServers).toBeNull();
    expect(loadConfig({ ...base, DIAG_SERVERS: ' ' }).media.diagServers).toBeNull();
  });

  it('reads a JSON list of names and base URLs, without trailing slashes', () => {
    const servers = [
      { name: 'Madrid', baseUrl: 'https://mad.cdn.test/speed/' },
      { name: 'Bogotá', baseUrl: 'http://bog.cdn.test' },
    ];
    expect(loadConfig({ ...base, DIAG_SERVERS: JSON.stringify(servers) }).media.diagServers).toEqual([
      { name: 'Madrid', baseUrl: 'https://mad.cdn.test/speed' },
      { name: 'Bogotá', baseUrl: 'http://bog.cdn.test' },
    ]);
  });

  it.each([
    'not json',
    '[]',
    '[{"name":"","baseUrl":"https://a.test"}]',
    '[{"name":"A","baseUrl":"no-url"}]',
    '{"name":"A"}',
  ])('refuses %s by name', (value) => {
    expect(() => loadConfig({ ...base, DIAG_SERVERS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, DIAG_SERVERS: value })).toThrow(/DIAG_SERVERS/);
  });
});
