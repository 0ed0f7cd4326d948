// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';

// Feature folders of the SPA may not import each other (shared code lives in src/lib, src/app).
const webFeatures = fs.existsSync('web/src/features') ? fs.readdirSync('web/src/features') : [];

// Each service and the gateway is its own program: its src may not import another one's package,
// nor may a library's src import any of them (shared code lives in libs/*; apps/all-in-one composes
// them; tests may start them). Reaching into another one's files by a relative path already fails the
// build (each project's rootDir is its src).
const libraries = fs
  .readdirSync(path.join(import.meta.dirname, 'libs'))
  .map((d) => `libs/${d}`)
  .filter((dir) => fs.existsSync(path.join(import.meta.dirname, dir, 'package.json')));
const programs = [
  ...fs.readdirSync(path.join(import.meta.dirname, 'services')).map((d) => `services/${d}`),
  'gateway',
]
  .filter((dir) => fs.existsSync(path.join(import.meta.dirname, dir, 'package.json')))
  .map((dir) => ({
    dir,
    name: JSON.parse(fs.readFileSync(path.join(import.meta.dirname, dir, 'package.json'), 'utf8')).name,
  }));

/** The rules that keep `dir`'s src (tests aside) from importing the packages `banned`, also by `import()`. */
function importsBanned(dir, banned, message) {
  const pattern = banned.map((n) => n.replaceAll('/', '\\/')).join('|');
  return {
    files: [`${dir}/src/**/*.ts`],
    ignores: ['**/*.spec.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: banned.flatMap((n) => [n, `${n}/*`]), message }] },
      ],
      // `import('…')` too, which no-restricted-imports does not see.
      'no-restricted-syntax': [
        'error',
        { selector: `ImportExpression > Literal[value=/^(${pattern})(\\/|$)/]`, message },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.tools/**',
      'proto/src/gen/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'charts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: webFeatures.map((f) => ({
            target: `./web/src/features/${f}`,
            from: './web/src/features',
            except: [`./${f}`],
          })),
        },
      ],
    },
  },
  ...programs.map(({ dir, name }) =>
    importsBanned(
      dir,
      programs.filter((p) => p.name !== name).map((p) => p.name),
      'A service (or the gateway) does not import another one: share the code through a library in libs/ (libs/README.md).',
    ),
  ),
  ...libraries.map((dir) =>
    importsBanned(
      dir,
      programs.map((p) => p.name),
      'A library does not import a service or the gateway: they depend on libraries, never the reverse.',
    ),
  ),
  prettier,
);
