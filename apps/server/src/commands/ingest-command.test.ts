import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const command = fileURLToPath(new URL('./ingest.ts', import.meta.url));

/** Runs `npm run ingest -- …` as the operator does, in a data folder of its own. */
async function ingest(args: string[], dataDir?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  dataDir ??= await mkdtemp(join(tmpdir(), 'ingest-cli-'));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', command, ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 90_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run ingest with a file that is not there (issue 31, item 11)', () => {
  it('says so in one line, without a stack trace, and exits with 1', async () => {
    const missing = join(tmpdir(), 'no-such-dir-31', 'lista.m3u');
    const { code, stdout, stderr } = await ingest(['m3u', missing]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim()).toBe(`No se ha importado nada. No existe el archivo "${missing}".`);
    expect(stderr).not.toMatch(/ENOENT|at |node:/);
    const folder = await ingest(['xmltv', tmpdir()]);
    expect(folder.code).toBe(1);
    expect(folder.stderr.trim()).toBe(`No se ha importado nada. "${tmpdir()}" no es un archivo.`);
  }, 180_000);
});

describe('npm run ingest -- sources shift (issue 31, item 3)', () => {
  it('takes hours or minutes, refuses anything else without a stack trace, and says when the source does not exist', async () => {
    const bad = await ingest(['sources', 'shift', '1', '2 horas']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe('"2 horas" no es un desplazamiento: escribe horas o minutos, como 2h, -1.5h o 90m.');
    const far = await ingest(['sources', 'shift', '1', '25h']);
    expect(far.code).toBe(2);
    expect(far.stderr.trim()).toBe('El desplazamiento no puede pasar de 24 horas.');
    const missing = await ingest(['sources', 'shift', '999', '-1.5h']);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('No existe esa fuente.');
    const dataDir = await mkdtemp(join(tmpdir(), 'ingest-cli-'));
    expect((await ingest(['sources', 'add', 'xmltv', 'https://guias.example/guia.xml'], dataDir)).code).toBe(0);
    const shifted = await ingest(['sources', 'shift', '1', '-1.5h'], dataDir);
    expect(shifted.code, shifted.stderr).toBe(0);
    expect(shifted.stdout).toMatch(
      /^1 {2}xmltv {2}https:\/\/guias\.example\/guia\.xml {2}cada 360 min, horarios −90 min, próxima /,
    );
  }, 300_000);
});

describe('npm run ingest -- sources unmatched (issue 31, item 6)', () => {
  it('lists a source’s unmatched guide channels, and says when the source does not exist', async () => {
    const { code, stdout, stderr } = await ingest(['sources', 'unmatched', '999']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim()).toBe('No existe esa fuente.');
    const usage = await ingest(['sources', 'unmatched']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('sources unmatched ID');
  }, 180_000);
});
