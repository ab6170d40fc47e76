import type * as Fs from 'node:fs';
import type * as Http from 'node:http';
import type * as Util from 'node:util';

// An ESM `import ... from 'node:http'` builds the module's namespace from every export, which runs the
// lazy getters of `http.WebSocket`, `CloseEvent` and `MessageEvent`: they load undici and web streams,
// about 10 MB of resident memory in every operator that never opens a WebSocket. `node:fs` (its
// `promises`, streams and `Dir`) and `node:util` (`parseArgs`, ...) cost about 2.5 MB each the same way.
// process.getBuiltinModule returns the CommonJS exports without touching those getters, and works alike
// from dist/ and from an esbuild bundle.

/** nodeHttp is `node:http`, loaded without evaluating its lazy exports. */
export const nodeHttp: typeof Http = process.getBuiltinModule('node:http');
/** nodeFs is `node:fs`, loaded without evaluating its lazy exports. */
export const nodeFs: typeof Fs = process.getBuiltinModule('node:fs');
/** nodeUtil is `node:util`, loaded without evaluating its lazy exports. */
export const nodeUtil: typeof Util = process.getBuiltinModule('node:util');
