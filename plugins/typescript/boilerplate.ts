import type { ReadonlyTree } from '../../src/index.js';

/** BOILERPLATE_PATH holds the licence header put on top of every scaffolded TypeScript file. */
export const BOILERPLATE_PATH = 'hack/boilerplate.ts.txt';

/** licenseHeader is the header text for --license / --owner; empty for `none`. */
export function licenseHeader(license: string, owner: string): string {
  if (license === 'none') return '';
  return [
    '/*',
    `Copyright ${owner}.`,
    '',
    'Licensed under the Apache License, Version 2.0 (the "License");',
    'you may not use this file except in compliance with the License.',
    'You may obtain a copy of the License at',
    '',
    '    http://www.apache.org/licenses/LICENSE-2.0',
    '',
    'Unless required by applicable law or agreed to in writing, software',
    'distributed under the License is distributed on an "AS IS" BASIS,',
    'WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.',
    'See the License for the specific language governing permissions and',
    'limitations under the License.',
    '*/',
  ].join('\n');
}

/** readHeader reads the project's boilerplate (users may edit it); a missing file means no header. */
export function readHeader(tree: ReadonlyTree): string {
  return (tree.read(BOILERPLATE_PATH) ?? '').replace(/\n+$/, '');
}
