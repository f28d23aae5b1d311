import { readFileSync } from 'node:fs';
import { ingestFormatSchema } from '@pantalla/contracts';
import { IngestError } from '../modules/ingest';
import { openForCommand, runCommand } from './open';

/** npm run ingest -- xmltv FILE | m3u FILE: imports into the configured database (DATABASE_URL or data/). */
async function main(): Promise<number> {
  const [formatArg, file] = process.argv.slice(2);
  const format = ingestFormatSchema.safeParse(formatArg);
  if (!format.success || !file) {
    console.error('Uso: npm run ingest -- xmltv ARCHIVO | m3u ARCHIVO   (se admite .gz)');
    return 2;
  }
  const { modules, close } = await openForCommand();
  try {
    const report = await modules.ingest.service.import(format.data, readFileSync(file));
    const { channels: c, programmes: p } = report;
    console.log(`Canales: ${c.created} nuevos, ${c.updated} actualizados, ${c.unchanged} sin cambios.`);
    if (format.data === 'xmltv') console.log(`Programas: ${p.inserted} nuevos o cambiados, ${p.removed} retirados, ${p.unchanged} sin cambios, ${p.trimmed} recortados, ${p.skipped} omitidos.`);
    for (const w of report.warnings) console.log(`Aviso: ${w}`);
    return 0;
  } catch (error) {
    console.error(error instanceof IngestError ? `No se ha importado nada. ${error.message}` : error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await close();
  }
}

runCommand(main);
