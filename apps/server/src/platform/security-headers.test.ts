import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { contentSecurityPolicy, registerSecurityHeaders } from './security-headers';

const base = {
  DATA_DIR: '/tmp/pantalla-config-test',
  MEDIA_DIR: '/tmp/pantalla-config-test/media',
  AUTH_SECRET: 'x'.repeat(32),
  PUBLIC_URL: 'http://localhost:8080',
};
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('content security policy: speed-test servers and external streams', () => {
  it("names each diag.json server, and lets imported lists' streams play from any host over the page's scheme", () => {
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
    expect(
      directive(contentSecurityPolicy(loadConfig({ ...base, PUBLIC_URL: 'https://tv.example.com' })), 'connect-src'),
    ).toBe("connect-src 'self' https:");
  });
});

describe('security headers through helmet', () => {
  it('sends the CSP as built, denies framing, leaves cross-origin media loadable, and lets a route set its own', async () => {
    const config = loadConfig(base);
    const app = Fastify();
    await registerSecurityHeaders(app, config);
    app.get('/plain', async () => 'ok');
    app.get('/framed', async (_request, reply) =>
      reply
        .header('x-frame-options', 'SAMEORIGIN')
        .header('content-security-policy', "frame-ancestors 'self'")
        .send('ok'),
    );
    const plain = await app.inject({ method: 'GET', url: '/plain' });
    const sent = String(plain.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim());
    expect(sent).toEqual(contentSecurityPolicy(config).split('; '));
    expect(plain.headers['x-frame-options']).toBe('DENY');
    expect(plain.headers['referrer-policy']).toBe('no-referrer');
    expect(plain.headers['cross-origin-resource-policy']).toBeUndefined();
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const framed = await app.inject({ method: 'GET', url: '/framed' });
    expect(framed.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(framed.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    await app.close();
  });
});
