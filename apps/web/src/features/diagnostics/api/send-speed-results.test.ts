import { describe, expect, it } from 'vitest';
import { connDiagReportSchema } from '@pantalla/contracts';
import { speedReport } from './send-speed-results';

const env = { browser: 'Firefox', os: 'Linux', screen: 'desktop' } as const;
const server = (name: string, baseUrl: string) => ({ name, fileKey: 'media_0.ts', baseUrl });

describe('speedReport', () => {
  it('sends each measured server by name and host, never the address path or unmeasured ones', () => {
    const report = speedReport(
      [
        { server: server('Pantalla', 'https://media.pantalla.test/media/speed?x=secret'), mbps: 48.2 },
        { server: server('Pruebas', 'http://cdn.pantalla.test:8080/speed'), mbps: 0 },
        { server: server('Sin medir', 'https://other.test/speed'), mbps: null },
      ],
      env,
    );
    expect(report).toEqual({
      ...env,
      results: [
        { server: 'Pantalla', host: 'media.pantalla.test', mbps: 48.2 },
        { server: 'Pruebas', host: 'cdn.pantalla.test:8080', mbps: 0 },
      ],
    });
    expect(connDiagReportSchema.safeParse(report).success).toBe(true);
    expect(JSON.stringify(report)).not.toContain('secret');
  });
  it('sends nothing when nothing was measured, and at most the contract allows', () => {
    expect(speedReport([{ server: server('Pantalla', 'https://media.pantalla.test/s'), mbps: null }], env)).toBeNull();
    const many = Array.from({ length: 12 }, (_, i) => ({
      server: server(`S${i}`, `https://s${i}.pantalla.test/s`),
      mbps: i,
    }));
    expect(speedReport(many, env)?.results).toHaveLength(8);
  });
});
