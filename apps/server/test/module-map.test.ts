import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README's module map cannot lie: the graph of which server module imports which is
 * built from the source and must equal the diagram's "──►" lines. Tests and their helpers
 * are left out: they may reach a module's testing surface without the module depending on it.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const modulesDir = path.join(root, 'apps/server/src/modules');

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"](\.[^'"]+)['"]/gm;
const isTestFile = (file: string) => /\.test\.ts$|(^|\/)test-support\.ts$|(^|\/)testing\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !isTestFile(full) ? [full] : [];
  });
}

/** Module → the other modules its source imports (any relative import resolving into them). */
function moduleGraph(): Map<string, string[]> {
  const modules = readdirSync(modulesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  return new Map(
    modules.map((module) => {
      const deps = new Set<string>();
      for (const file of sourceFiles(path.join(modulesDir, module))) {
        for (const [, spec] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
          const [first] = path.relative(modulesDir, path.resolve(path.dirname(file), spec!)).split(path.sep);
          if (first && first !== '..' && first !== module) deps.add(first);
        }
      }
      return [module, [...deps].sort()];
    }),
  );
}

/** The diagram's lines: `│   playback  ──► identity, commerce` or `│   identity  (nothing)`. */
function readmeMap(readme: string): Map<string, string[]> {
  const line = /^\s*│\s{3}([a-z-]+)\s+(?:──►\s+([a-z, -]+?)|\(nothing\))\s*│$/gm;
  return new Map(
    [...readme.matchAll(line)].map(([, module, deps]) => [
      module!,
      (deps ?? '')
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean)
        .sort(),
    ]),
  );
}

describe('the README module map', () => {
  it('reads a diagram line of each shape', () => {
    const map = readmeMap(' │   playback  ──► origin, identity   │\n │   identity      (nothing)   │\n');
    expect(Object.fromEntries(map)).toEqual({ playback: ['identity', 'origin'], identity: [] });
  });

  it('finds imports of every form, and only into other modules', () => {
    const graph = moduleGraph();
    expect(graph.get('playback')).toContain('identity');
    expect(graph.get('identity')).not.toContain('identity');
  });

  it('matches the dependency graph built from the imports', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(Object.fromEntries(readmeMap(readme))).toEqual(Object.fromEntries(moduleGraph()));
  });
});
