// The linter of `npm run check` (docs/decisions/0740): rules that catch defects, never style (that
// is Prettier's job). Type-aware rules run on .ts/.tsx only, where the TypeScript service is cheap.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

export default defineConfig(
  { ignores: ['dist/', 'data/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench-results/', 'public/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs['flat/recommended'],
  astro.configs['flat/jsx-a11y-recommended'],
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberate placeholders (an ignored argument, a dropped field).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    // One program from tsconfig.json built up front (typescript-eslint's single-run mode, inferred
    // when the eslint binary runs): cold, 6-19% less CPU than the project service (decision 1390).
    languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise nobody awaits loses its error; one passed where a callback's result is ignored
      // (an onClick, a forEach) does too.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['src/islands/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y-x': jsxA11y },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      // A missing dependency is a stale value; a deliberate omission says why on its line.
      'react-hooks/exhaustive-deps': 'error',
      // Advice for the React Compiler, which this shop does not run: a setState in an effect costs
      // one more render, it is not a defect; react-hook-form's watch() only defeats the compiler.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // The layering of .dependency-cruiser.cjs for .astro files, which dependency-cruiser cannot
    // read: pages, components and layouts reach a domain through its services (a repository's
    // row type is fine), and nothing renders by importing a page.
    files: ['src/**/*.astro'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^#server|/server)/[^/]+/repository[.]ts$',
              allowTypeImports: true,
              message: "A domain's SQL is reached through its services (decision 0720).",
            },
            { regex: '(^#server|/server)/entry/', message: 'The request entry calls the pages, never the other way round.' },
            { regex: '(^|/)pages/', message: 'A page is a route: share a component instead.' },
            {
              regex: '^[.]{1,2}/(?:[.][.]/)*server/',
              allowTypeImports: true,
              message: 'Import src/server as #server/...: the build leaves those to Node, one copy per process (decision 1300).',
            },
          ],
        },
      ],
    },
  },
  {
    // Inline <script> in .astro pages run in the browser.
    files: ['**/*.astro/*.js', '**/*.astro/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
