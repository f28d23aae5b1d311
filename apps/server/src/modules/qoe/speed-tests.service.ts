import { connDiagRunSchema, type ConnDiagReport, type ConnDiagRun } from '@pantalla/contracts';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { SpeedTestsRepository } from './speed-tests.repository';

/** Runs one account may send per hour on one process: a person runs the test a few times at most. */
export const SPEED_RUNS_PER_HOUR = 12;
const HOUR_MS = 60 * 60_000;
const storedResults = connDiagRunSchema.shape.results;

/**
 * /conndiag/'s speed runs (issue 28): kept per account, like raw views, so support can put a
 * complaint next to the bandwidth the subscriber measured; read by the console's support.
 */
export class SpeedTests {
  private readonly recent = new Map<number, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly repo: SpeedTestsRepository,
  ) {}

  /** Keeps a run of `userId`'s; 429 past the rate. */
  async accept(userId: number, report: ConnDiagReport): Promise<void> {
    const now = this.clock.now();
    const times = (this.recent.get(userId) ?? []).filter((t) => now - t < HOUR_MS);
    if (times.length >= SPEED_RUNS_PER_HOUR)
      throw new AppError(
        429,
        'rate_limited',
        'Demasiadas pruebas de velocidad enviadas; inténtalo dentro de una hora.',
      );
    times.push(now);
    this.recent.set(userId, times);
    if (this.recent.size > 50_000)
      for (const [id, list] of this.recent) if (list.every((t) => now - t >= HOUR_MS)) this.recent.delete(id);
    const results = report.results.map((r) => ({
      server: r.server,
      host: r.host.toLowerCase(),
      mbps: Math.round(r.mbps * 100) / 100,
    }));
    await this.repo.insert({
      userId,
      at: now,
      browser: report.browser,
      os: report.os,
      screen: report.screen,
      results: JSON.stringify(results),
    });
  }

  /** An account's latest runs, newest first. */
  async latestOf(userId: number, limit: number): Promise<ConnDiagRun[]> {
    const rows = await this.repo.latestOf(userId, limit);
    return rows.map((row) => ({
      at: Number(row.at),
      browser: row.browser,
      os: row.os,
      screen: row.screen,
      results: parseResults(row.results),
    }));
  }
}

/** The stored JSON, read back through the contract (a row that does not parse shows no figures). */
function parseResults(json: string): z.infer<typeof storedResults> {
  try {
    const parsed = storedResults.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
