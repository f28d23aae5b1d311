import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app's features depend on each other one way only (account ← commerce was once both
 * ways): the graph of which feature's code imports which has no cycle. Tests are left out.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const featuresDir = path.resolve(here, '../../web/src/features');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"](\.[^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function featureGraph(): Map<string, string[]> {
  const features = readdirSync(featuresDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  return new Map(
    features.map((feature) => {
      const deps = new Set<string>();
      for (const file of sourceFiles(path.join(featuresDir, feature))) {
        for (const [, spec] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
          const [first] = path.relative(featuresDir, path.resolve(path.dirname(file), spec!)).split(path.sep);
          if (first && first !== '..' && first !== feature) deps.add(first);
        }
      }
      return [feature, [...deps].sort()];
    }),
  );
}

/** Every cycle's path (`a → b → a`), found by depth-first search. */
function cycles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, trail: string[]) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') return void found.push([...trail.slice(trail.indexOf(node)), node].join(' → '));
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
    state.set(node, 'done');
  };
  for (const node of graph.keys()) visit(node, []);
  return found;
}

describe('the web features depend on each other one way', () => {
  it('finds a cycle when there is one', () => {
    expect(
      cycles(
        new Map([
          ['account', ['commerce']],
          ['commerce', ['account']],
        ]),
      ),
    ).toEqual(['account → commerce → account']);
    expect(
      cycles(
        new Map([
          ['settings', ['account']],
          ['account', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads the features and their imports', () => {
    expect(featureGraph().get('settings')).toContain('account');
  });

  it('has no cycle among the features', () => {
    expect(cycles(featureGraph())).toEqual([]);
  });
});

/** The console (no index, older route names) takes the shape in its own change (docs/decisions.md). */
const SHAPE_LATER = new Set(['operator']);

describe('the web features have one shape', () => {
  const features = readdirSync(featuresDir, { withFileTypes: true }).filter((e) => e.isDirectory());

  it('gives every feature an index', () => {
    const missing = features.filter(
      (e) => !SHAPE_LATER.has(e.name) && !readdirSync(path.join(featuresDir, e.name)).includes('index.ts'),
    );
    expect(missing.map((e) => e.name)).toEqual([]);
  });

  it('puts every route module at routes/<name>.tsx', () => {
    const astray = features
      .filter((e) => !SHAPE_LATER.has(e.name))
      .flatMap((e) => sourceFiles(path.join(featuresDir, e.name)))
      .map((file) => path.relative(featuresDir, file))
      .filter((file) => /(^|-)route(-[^/]*)?\.tsx$/.test(path.basename(file)))
      .filter((file) => path.basename(path.dirname(file)) !== 'routes');
    expect(astray).toEqual([]);
  });

  it('reads the lazy routes the app loads from each feature index only', () => {
    const router = readFileSync(path.resolve(featuresDir, '../app/router.tsx'), 'utf8');
    const pastIndex = [...router.matchAll(/import\(\s*'\.\.\/features\/([^/']+)\/[^']*'\)/g)]
      .map(([, feature]) => feature!)
      .filter((feature) => !SHAPE_LATER.has(feature));
    expect(pastIndex).toEqual([]);
  });
});
