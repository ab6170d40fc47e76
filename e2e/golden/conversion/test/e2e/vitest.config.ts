/*
Copyright The cronjob-operator Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The Kind suite (`npm run test:e2e`, `make test-e2e`): one file at a time, with time to build and deploy.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    root: fileURLToPath(new URL('../../', import.meta.url)),
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 900_000,
  },
});
