/**
 * BUNDLE_BANNER starts the bundle: bundled CommonJS dependencies (pino, prom-client, ...) call `require`
 * for Node.js built-ins, which an ES module lacks. Its `createRequire` is imported under a name of its own:
 * esbuild does not see the banner and keeps bundled modules' own top-level `createRequire` bindings,
 * which would otherwise be declared twice and stop the bundle at load.
 */
export const BUNDLE_BANNER =
  "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);";

/**
 * BUNDLE_FLAGS are esbuild's flags for the image's manager, `dist/bundle/manager.mjs`. `--minify-whitespace`
 * drops comments and layout, but keeps names (log records and stack traces stay readable): V8 parses all of
 * a bundle at start, including code that never runs, and each megabyte of source costs megabytes of
 * resident memory. For the same reason `--splitting` puts what the manager imports only on demand (the
 * OpenTelemetry SDK when tracing is on, the X.509 library of self-managed certificates) in chunks of their
 * own under `manager-chunks/`, read only when imported: the bundle of an operator that uses neither is
 * about 0.5 MB smaller, and its idle memory about 1.3 MiB lower.
 */
export const BUNDLE_FLAGS: readonly string[] = [
  '--bundle',
  '--platform=node',
  '--target=node22',
  '--format=esm',
  '--minify-whitespace',
  '--splitting',
  '--outdir=dist/bundle',
  '--entry-names=manager',
  // Quoted: the script runs in a shell, and [name] is a glob pattern there.
  '--chunk-names="manager-chunks/[name]-[hash]"',
  '--out-extension:.js=.mjs',
  `--banner:js="${BUNDLE_BANNER}"`,
];

/** bundleScript is the generated package.json's `bundle` script, which the Dockerfile runs. */
export function bundleScript(): string {
  return ['esbuild', 'src/main.ts', ...BUNDLE_FLAGS].join(' ');
}
