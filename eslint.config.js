// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = ['account', 'browse', 'commerce', 'diagnostics', 'guide', 'player', 'settings'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // A feature reaches another only through its index; shared ui never reaches into features.
  // Relative imports are checked per folder depth, where `../` × (depth + 1) is features/.
  ...features.flatMap((feature) => {
    const others = features.filter((f) => f !== feature);
    return [0, 1, 2, 3, 4, 5].map((depth) => ({
      files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': ['error', {
          patterns: [{
            group: others.map((f) => `**/features/${f}/*`),
            message: 'Import another feature only through its index.ts.',
          }, {
            regex: `^(\\.\\./){${depth + 1}}(${others.join('|')})/.`,
            message: 'Import another feature only through its index.ts.',
          }, { group: ['**/app/*', '**/app'], message: 'Features do not import the app layer.' }],
        }],
      },
    }));
  }),
  {
    files: ['apps/web/src/ui/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'Shared code does not import features or the app layer.' }] }],
    },
  },
  // Web app: a function past ~80 lines (blank lines and comments not counted) is asking to be
  // split; one that must stay longer says why: `// eslint-disable-next-line max-lines-per-function -- <reason>`.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  // Only repositories and the platform's database code touch Kysely.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/platform/**', 'apps/server/src/**/migrations/**', 'apps/server/src/**/*.test.ts', 'apps/server/src/**/tables.ts', 'apps/server/src/**/seed/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'kysely', message: 'Only repositories use Kysely.', allowTypeImports: true }] }],
    },
  },
);
