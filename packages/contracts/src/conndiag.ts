import { z } from 'zod';
import { requestString } from './text';
import { qoeScreenClassSchema } from './qoe';

/**
 * /conndiag/'s speed results sent to the server (issue 28), so support can match a complaint
 * to the bandwidth the subscriber measured. Sent under the same opt-out as the player's reports.
 */
export const CONNDIAG_MAX_BYTES = 4096;
export const CONNDIAG_MAX_SERVERS = 8;

const label = requestString()
  .max(40)
  .regex(/^[A-Za-z0-9 ._()/-]*$/);

/** One server's figure: its name and host as diag.json gave them, the megabits per second measured (0: failed). */
export const connDiagResultSchema = z
  .object({
    server: requestString().min(1).max(60),
    host: requestString()
      .min(1)
      .max(253)
      .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, 'un nombre de host'),
    mbps: z.number().min(0).max(100_000),
  })
  .strict();

/** POST /qoe/conndiag: one finished run of the speed test. */
export const connDiagReportSchema = z
  .object({
    browser: label,
    os: label,
    screen: qoeScreenClassSchema,
    results: z.array(connDiagResultSchema).min(1).max(CONNDIAG_MAX_SERVERS),
  })
  .strict();
export type ConnDiagReport = z.infer<typeof connDiagReportSchema>;

/** GET /operator/qoe/speed-tests: an account's latest runs, newest first. */
export const connDiagQuerySchema = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const connDiagRunSchema = z.object({
  at: z.number().int(),
  browser: z.string(),
  os: z.string(),
  screen: z.string(),
  results: z.array(z.object({ server: z.string(), host: z.string(), mbps: z.number() })),
});
export type ConnDiagRun = z.infer<typeof connDiagRunSchema>;
export const connDiagRunsSchema = z.object({ items: z.array(connDiagRunSchema) });
export type ConnDiagRuns = z.infer<typeof connDiagRunsSchema>;
