import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The architecture rules (server and web app) fire: each fixture is linted with the repository's own ESLint
 * configuration as if it lay at its `lint-as` path, and must report its `expect` rule (or
 * nothing). Taking a rule out of eslint.config.js fails its fixture here.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const fixturesDir = path.join(here, 'lint-fixtures');
const eslint = new ESLint({ cwd: root });

const fixtures = readdirSync(fixturesDir)
  .filter((f) => f.endsWith('.ts'))
  .map((file) => {
    const text = readFileSync(path.join(fixturesDir, file), 'utf8');
    const lintAs = /^\/\/ lint-as: (\S+)$/m.exec(text)?.[1];
    const expected = /^\/\/ expect: (\S+)$/m.exec(text)?.[1];
    if (!lintAs || !expected) throw new Error(`${file} needs '// lint-as:' and '// expect:' lines`);
    return { file, text, lintAs, expected };
  });

describe('the architecture lint (server and web)', () => {
  it('has a fixture for every rule', () => {
    const expected = new Set(fixtures.map((f) => f.expected));
    for (const rule of [
      'module-boundaries',
      'platform-independence',
      'demo-isolation',
      'repositories-own-sql',
      'routes-own-http',
      'platform-owns-drivers',
      'public-surface',
    ]) {
      expect(expected, rule).toContain(`pantalla/${rule}`);
    }
    expect(expected).toContain('pantalla-web/feature-boundaries');
    expect(expected).toContain('max-lines-per-function');
    expect(expected).toContain('nothing');
  });

  it.each(fixtures.map((f) => [f.file, f] as const))('%s', async (_name, fixture) => {
    const [result] = await eslint.lintText(fixture.text, { filePath: path.join(root, fixture.lintAs) });
    const rules = (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
    if (fixture.expected === 'nothing') expect(rules).toEqual([]);
    else expect(rules).toEqual([fixture.expected]);
  });
});
