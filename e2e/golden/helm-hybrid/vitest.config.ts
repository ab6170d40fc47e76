/*
Copyright The webapp-operator Authors.

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

import { configDefaults, defineConfig } from 'vitest/config';

// The project's own test configuration, so vitest never picks up a configuration from a parent directory.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The Kind suite needs a cluster with the image loaded: `make test-e2e` runs it.
    exclude: [...configDefaults.exclude, 'test/e2e/**'],
    // envtest suites start a real etcd and kube-apiserver: give slow machines time.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
