import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Tests build their data through their own module or through the builders (test/builders.ts,
 * over the modules' services and repositories): a test that writes another module's table
 * breaks with that module's schema. A table belongs to the module whose migrations create it;
 * a test under src/modules/<m>/ may write <m>'s tables, a test under test/ none.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = path.join(serverDir, 'src/modules');
const camel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && keep(path.join(entry.parentPath, entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Table (as the code names it, camelCase) → the module whose migrations create it. */
export function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const module of readdirSync(modulesDir)) {
    const migrations = path.join(modulesDir, module, 'migrations');
    if (!existsSync(migrations)) continue;
    for (const file of filesUnder(migrations, (f) => f.endsWith('.ts') && !isTestSource(f))) {
      for (const [, table] of readFileSync(file, 'utf8').matchAll(/createTable\(\s*['"]([A-Za-z_]+)['"]/g))
        owners.set(camel(table as string), module);
    }
  }
  return owners;
}

/** The tables a source writes (Kysely's insertInto, updateTable, deleteFrom with a literal name). */
export function writtenTables(text: string): string[] {
  return [...text.matchAll(/\b(?:insertInto|updateTable|deleteFrom)\(\s*['"]([A-Za-z_]+)['"]/g)].map(([, table]) =>
    camel(table as string),
  );
}

/** The module a test source belongs to, or null for the cross-module suites under test/. */
function moduleOf(file: string): string | null {
  const relative = path.relative(modulesDir, file);
  return relative.startsWith('..') ? null : (relative.split(path.sep)[0] ?? null);
}

const isTestSource = (file: string) =>
  /\.test\.tsx?$/.test(file) || /[\\/]test-(support\.ts|data\.repository\.ts)$/.test(file);
const testSources = [
  // Not this file: its own check of the reader names tables in a string.
  ...filesUnder(
    path.join(serverDir, 'test'),
    (f) =>
      f.endsWith('.ts') && !f.includes(`${path.sep}lint-fixtures${path.sep}`) && !f.endsWith('table-ownership.test.ts'),
  ),
  ...filesUnder(modulesDir, isTestSource),
];

/** Each test source's writes of tables its module does not own, as "file: table". */
function foreignWrites(owners: Map<string, string>): string[] {
  const found = new Set<string>();
  for (const file of testSources) {
    const module = moduleOf(file);
    for (const table of writtenTables(readFileSync(file, 'utf8'))) {
      if (owners.get(table) !== module)
        found.add(`${path.relative(serverDir, file).split(path.sep).join('/')}: ${table}`);
    }
  }
  return [...found].sort();
}

/**
 * Writes that are the case itself, each named: the audit suite proves the database refuses to
 * change or delete an audit row; the QoE rollups suite writes per-minute rows as the rollup
 * before migration 2026-12-08-0210 left them, to prove the back-fill. An entry its file no
 * longer needs fails this test too.
 */
const DELIBERATE: readonly string[] = [
  'test/operator-audit.api.test.ts: auditLog',
  'test/qoe-rollups.api.test.ts: qoeConcurrency',
  'test/qoe-rollups.api.test.ts: qoeMinutes',
];

describe('test data ownership', () => {
  const owners = tableOwners();

  it('knows every module’s tables from its migrations', () => {
    expect(owners.get('users')).toBe('identity');
    expect(owners.get('channels')).toBe('catalogue');
    expect(owners.get('entitlements')).toBe('commerce');
    expect(owners.get('streamSessions')).toBe('playback');
    expect(owners.get('sourceFetches')).toBe('ingest');
  });

  it('reads the writes of a source, whatever the quotes', () => {
    expect(
      writtenTables(
        `ctx.sql.insertInto('users').values(x); db.updateTable("stream_sessions"); sql.deleteFrom( 'events' ).execute(); sql.selectFrom('films')`,
      ),
    ).toEqual(['users', 'streamSessions', 'events']);
  });

  it('no test writes a table its module does not own (builders do), beyond the deliberate ones', () => {
    expect(foreignWrites(owners)).toEqual([...DELIBERATE].sort());
  });
});
