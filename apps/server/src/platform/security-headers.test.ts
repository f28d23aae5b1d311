import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { contentSecurityPolicy } from './security-headers';

const base = { DATA_DIR: '/tmp/pantalla-config-test', MEDIA_DIR: '/tmp/pantalla-config-test/media', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'http://localhost:8080' };
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('content security policy: speed-test servers and external streams', () => {
  it('names each diag.json server, and lets imported lists\' streams play from any host over the page\'s scheme', () => {
    const servers = [
      { name: 'Aquí', baseUrl: 'http://localhost:8080/media/speed' },
      { name: 'Madrid', baseUrl: 'https://mad.cdn.test/speed' },
      { name: 'Madrid', baseUrl: 'https://mad.cdn.test/other' },
    ];
    const csp = contentSecurityPolicy(loadConfig({ ...base, DIAG_SERVERS: JSON.stringify(servers) }));
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://mad.cdn.test https: http:");
    expect(directive(csp, 'media-src')).toBe("media-src 'self' blob:");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    // Served over https, an http stream is mixed content the browser refuses anyway.
    expect(directive(contentSecurityPolicy(loadConfig({ ...base, PUBLIC_URL: 'https://tv.example.com' })), 'connect-src')).toBe("connect-src 'self' https:");
  });
});
