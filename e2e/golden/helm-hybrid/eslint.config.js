// @ts-check
// Type-aware linting (typescript-eslint): it reports what tsc does not, such as unused imports and
// promises that are neither awaited nor handled (@typescript-eslint/no-floating-promises).
// Formatting is Prettier's job (`npm run format`); no rule here concerns layout.
import eslint from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['dist/', 'bundle/', 'coverage/']),
  eslint.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  // JavaScript files (this one) are outside tsconfig.json: lint them without type information.
  { files: ['**/*.js'], extends: [tseslint.configs.disableTypeChecked] },
);
