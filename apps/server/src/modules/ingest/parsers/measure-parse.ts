/**
 * How fast the XMLTV parser reads a big guide, and in how much memory. Prints, asserts
 * nothing (speed targets are not tests):
 *
 *   node --import tsx apps/server/src/modules/ingest/parsers/measure-parse.ts [channels] [days] [channel|day]
 *
 * Writes a synthetic guide (10,000 channels × 7 days ≈ 1.1 million programmes by default)
 * to a temporary file, then reads it back through readXmltvBatches in batches of 5,000,
 * as an import would, sampling the process's resident memory after every batch.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { syntheticXmltv } from './synthetic-guide';
import { readXmltvBatches } from './xmltv-batches';

const [channelsArg = '10000', daysArg = '7', orderArg = 'channel'] = process.argv.slice(2);
const options = {
  channels: Number(channelsArg),
  days: Number(daysArg),
  order: orderArg === 'day' ? ('day' as const) : ('channel' as const),
};
const dir = mkdtempSync(join(tmpdir(), 'pantalla-guide-'));
const file = join(dir, 'guide.xml');

try {
  const out = createWriteStream(file);
  for (const piece of syntheticXmltv(options)) if (!out.write(piece)) await once(out, 'drain');
  out.end();
  await once(out, 'close');
  const mb = (bytes: number) => Math.round(bytes / 1e6);
  console.log(
    `Guía sintética: ${options.channels} canales × ${options.days} días (orden por ${options.order === 'day' ? 'día' : 'canal'}), ${mb(statSync(file).size)} MB`,
  );

  const cpu = process.cpuUsage();
  const begin = performance.now();
  let peak = process.memoryUsage.rss();
  let programmes = 0;
  let batches = 0;
  let problems = 0;
  for await (const batch of readXmltvBatches(createReadStream(file, { highWaterMark: 64 * 1024 }), {
    batchSize: 5000,
  })) {
    programmes += batch.programmes.length;
    batches++;
    if (batch.summary) problems = batch.summary.problemsTotal;
    peak = Math.max(peak, process.memoryUsage.rss());
  }
  const seconds = (performance.now() - begin) / 1000;
  const used = process.cpuUsage(cpu);
  console.log(`Programas: ${programmes} en ${batches} lotes, ${problems} avisos`);
  console.log(
    `Tiempo: ${seconds.toFixed(1)} s (CPU ${(used.user / 1e6).toFixed(1)} s usuario + ${(used.system / 1e6).toFixed(1)} s sistema), ${Math.round(programmes / seconds)} programas/s`,
  );
  console.log(`Memoria: pico de RSS ${mb(peak)} MB, montón al final ${mb(process.memoryUsage().heapUsed)} MB`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
