import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  guideShiftMinutesSchema,
  ingestFormatSchema,
  newIngestSourceSchema,
  type IngestReport,
  type IngestRun,
  type IngestSource,
} from '@pantalla/contracts';
import { IngestError, OPERATOR_LIMITS, type Ingest } from '../modules/ingest';
import { openForCommand, runCommand } from './open';

const USAGE = `Uso:
  npm run ingest -- xmltv ARCHIVO | m3u ARCHIVO          importa un archivo (se admite .gz)
  npm run ingest -- sources                               lista las fuentes programadas y su última ejecución
  npm run ingest -- sources add xmltv|m3u URL [MINUTOS]   registra una fuente (cada 360 minutos si no se indica)
  npm run ingest -- sources run ID | due                  descarga ahora una fuente, o las que toquen
  npm run ingest -- sources runs ID                       ejecuciones de una fuente, la última primero
  npm run ingest -- sources unmatched ID                  canales de la guía de una fuente que no son ningún canal
  npm run ingest -- sources shift ID 2h|-90m|0            desplaza los horarios de la guía de una fuente (horas o minutos)
  npm run ingest -- sources remove ID                     retira una fuente`;

function printReport(report: IngestReport): void {
  const { channels: c, programmes: p } = report;
  console.log(`Canales: ${c.created} nuevos, ${c.updated} actualizados, ${c.unchanged} sin cambios.`);
  if (report.format === 'xmltv')
    console.log(
      `Programas: ${p.inserted} nuevos o cambiados, ${p.removed} retirados, ${p.unchanged} sin cambios, ${p.trimmed} recortados, ${p.skipped} omitidos.`,
    );
  for (const w of report.warnings) console.log(`Aviso: ${w}`);
  if (report.problemsTotal > report.warnings.length)
    console.log(`(${report.problemsTotal - report.warnings.length} avisos más sin mostrar)`);
}

function printRun(run: IngestRun): void {
  const what =
    run.outcome === 'imported' ? 'importada' : run.outcome === 'not-modified' ? 'sin cambios (304)' : 'fallida';
  console.log(
    `Ejecución ${run.id} de la fuente ${run.sourceId}: ${run.startedAt} → ${run.finishedAt}, ${what}${run.httpStatus ? ` (HTTP ${run.httpStatus})` : ''}.`,
  );
  if (run.error) console.log(`  ${run.error}`);
  if (run.report) printReport(run.report);
}

/** A shift as the operator writes it: '2h', '-1.5h', '+90m', '0'; its minutes, or why it is not one. */
function parseGuideShift(text: string): number | { error: string } {
  const m = /^([+-]?\d{1,5}(?:[.,]\d{1,2})?)\s*(h|m|min)?$/i.exec(text.trim());
  const value = m ? Number((m[1] as string).replace(',', '.')) : NaN;
  if (!m || (!m[2] && value !== 0))
    return { error: `"${text}" no es un desplazamiento: escribe horas o minutos, como 2h, -1.5h o 90m.` };
  const minutes = m[2]?.toLowerCase() === 'h' ? value * 60 : value;
  const checked = guideShiftMinutesSchema.safeParse(Object.is(minutes, -0) ? 0 : minutes);
  return checked.success ? checked.data : { error: checked.error.issues.map((i) => i.message).join(' ') };
}

const shiftText = (minutes: number) =>
  minutes === 0 ? '' : `, horarios ${minutes > 0 ? '+' : '−'}${Math.abs(minutes)} min`;

function printSource(s: IngestSource): void {
  console.log(
    `${s.id}  ${s.kind}  ${s.url}  cada ${s.intervalMinutes} min${shiftText(s.guideShiftMinutes)}, próxima ${s.nextRunAt}`,
  );
  if (s.lastRun) printRun(s.lastRun);
}

const idOf = (arg: string | undefined) => (arg && /^\d{1,9}$/.test(arg) ? Number(arg) : null);

async function sourcesCommand(ingest: Ingest, args: string[]): Promise<number> {
  const [action, a, b, c] = args;
  if (!action) {
    const list = await ingest.sources.list();
    if (list.length === 0) console.log('No hay fuentes programadas.');
    list.forEach(printSource);
    return 0;
  }
  if (action === 'add') {
    const input = newIngestSourceSchema.safeParse({ kind: a, url: b, ...(c ? { intervalMinutes: Number(c) } : {}) });
    if (!input.success) {
      console.error(input.error.issues.map((i) => i.message).join(' '));
      return 2;
    }
    printSource(await ingest.sources.add(input.data));
    return 0;
  }
  if (action === 'run' && a === 'due') {
    const runs = await ingest.sources.runDue();
    if (runs.length === 0) console.log('Ninguna fuente tocaba ahora.');
    runs.forEach(printRun);
    return runs.some((r) => r.outcome === 'failed') ? 1 : 0;
  }
  const id = idOf(a);
  if (id === null) return usage();
  if (action === 'run') {
    const run = await ingest.sources.runNow(id);
    if (run === undefined || run === 'busy')
      console.error(run === 'busy' ? 'Esta fuente ya se está importando.' : 'No existe esa fuente.');
    else printRun(run);
    return run && run !== 'busy' && run.outcome !== 'failed' ? 0 : 1;
  }
  if (action === 'runs') {
    (await ingest.sources.runs(id)).forEach(printRun);
    return 0;
  }
  if (action === 'unmatched') {
    if (!(await ingest.sources.find(id))) {
      console.error('No existe esa fuente.');
      return 1;
    }
    let after: string | null = null;
    let shown = 0;
    for (;;) {
      const page = await ingest.sources.unmatched(id, after, 500);
      for (const u of page)
        console.log(`${u.guideId}  ${u.programmes} programas${u.firstLine !== null ? `, línea ${u.firstLine}` : ''}`);
      shown += page.length;
      if (page.length < 500) break;
      after = page[page.length - 1]!.guideId;
    }
    if (shown === 0) console.log('Todos los canales de la guía de esta fuente tienen canal (o asignación).');
    return 0;
  }
  if (action === 'shift') {
    const minutes = b === undefined ? { error: 'Falta el desplazamiento: 2h, -90m o 0.' } : parseGuideShift(b);
    if (typeof minutes !== 'number') {
      console.error(minutes.error);
      return 2;
    }
    const changed = await ingest.sources.setGuideShift(id, minutes);
    if (!changed) console.error('No existe esa fuente.');
    else printSource(changed);
    return changed ? 0 : 1;
  }
  if (action === 'remove') {
    const removed = await ingest.sources.remove(id);
    console.log(removed ? 'Fuente retirada.' : 'No existe esa fuente.');
    return removed ? 0 : 1;
  }
  return usage();
}

function usage(): number {
  console.error(USAGE);
  return 2;
}

/** Why a file given to the command cannot be read, in one sentence; null when it can. */
async function fileProblem(path: string): Promise<string | null> {
  try {
    if ((await stat(path)).isFile()) return null;
    return `"${path}" no es un archivo.`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `No existe el archivo "${path}".`;
    if (code === 'EACCES') return `No se puede leer el archivo "${path}" (permiso denegado).`;
    return `No se puede leer el archivo "${path}" (${code ?? 'error'}).`;
  }
}

/** npm run ingest -- …: imports a file, or manages the scheduled sources, in the configured database. */
async function main(): Promise<number> {
  const [first, ...rest] = process.argv.slice(2);
  const format = ingestFormatSchema.safeParse(first);
  if (first !== 'sources' && (!format.success || !rest[0])) return usage();
  if (first !== 'sources') {
    const missing = await fileProblem(rest[0] as string);
    if (missing) {
      console.error(`No se ha importado nada. ${missing}`);
      return 1;
    }
  }
  const { modules, close } = await openForCommand();
  try {
    if (first === 'sources') return await sourcesCommand(modules.ingest, rest);
    printReport(
      await modules.ingest.service.import(
        format.data as 'xmltv' | 'm3u',
        createReadStream(rest[0] as string),
        OPERATOR_LIMITS,
      ),
    );
    return 0;
  } catch (error) {
    if (error instanceof IngestError) {
      console.error(`No se ha importado nada. ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await close();
  }
}

runCommand(main);
