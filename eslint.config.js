// @ts-check
// The repository's own lint: the type-aware typescript-eslint rules a generated project gets
// (no-floating-promises among them). Layout is Prettier's job (`npm run format`).
import eslint from '@eslint/js';
import globals from 'globals';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // Generated projects, upstream inputs and fixtures that tests compile or copy are checked where they are used.
  globalIgnores([
    'dist/',
    '.work/',
    'e2e/golden*/',
    'e2e/tutorials/',
    'e2e/canary/',
    'e2e/olm-upstream/',
    '**/testdata/',
    '**/fixtures/',
  ]),
  eslint.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Fakes and test doubles implement promise-returning interfaces without awaiting anything.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // String(value) of a value read from YAML, JSON or a flag is how a wrong type is reported as written.
      '@typescript-eslint/no-base-to-string': 'off',
      // Errors caught as unknown and abort reasons are passed on as they came, not wrapped.
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      // ANSI escapes and YAML's control characters are matched on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    // OLM bundles, catalogs and CSVs are arbitrary YAML documents walked by key, and tests poke into parsed
    // manifests: there `any` is the honest type, and the unsafe-any rules would only ask for casts.
    files: ['src/manifests/olm/**', 'plugins/helm/**', '**/*.test.ts', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Tests throw strings to check how non-Error failures are reported.
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    // The emitter leaves its fast path by throwing a sentinel, caught a few lines up, not an error.
    files: ['src/yaml/yaml-emit.ts'],
    rules: { '@typescript-eslint/only-throw-error': 'off' },
  },
  // JavaScript files are outside tsconfig.json: lint them without type information.
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
);
