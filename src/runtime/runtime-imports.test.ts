import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** emittedImports returns the module specifiers the compiled JavaScript of a file still imports. */
function emittedImports(file: string): string[] {
  const out = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  }).outputText;
  const specs: string[] = [];
  for (const m of out.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm))
    specs.push((m[1] ?? m[2])!);
  return specs;
}

describe('operator-ts/runtime module graph', () => {
  it('does not load @kubernetes/client-node at import time (it costs ~80 MB of idle memory)', () => {
    const seen = new Set<string>();
    const offenders: string[] = [];
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of emittedImports(file)) {
        if (spec.startsWith('@kubernetes/client-node')) offenders.push(file.slice(here.length + 1));
        else if (spec.startsWith('.')) visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      }
    };
    visit(join(here, 'index.ts'));
    expect(seen.size).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });

  it('does not load at import time what an operator rarely uses (each costs megabytes of idle memory)', () => {
    // ESM imports of node:http, node:fs and node:util evaluate their lazy exports (undici, web streams,
    // parseArgs...): node-cjs.ts loads them as CommonJS. prom-client's index loads its Pushgateway, default
    // metrics and cluster support: prom-client-core.ts imports the four classes the runtime uses. node:http2
    // is loaded by the webhook server only when HTTP/2 is enabled. node:inspector and node:v8 are loaded by the
    // profiling endpoints on a caller's first profile, node:perf_hooks by the runtime metrics when registered.
    const banned = new Set([
      'node:http',
      'node:fs',
      'node:util',
      'node:http2',
      'prom-client',
      'http',
      'fs',
      'util',
      'http2',
      'node:inspector',
      'node:inspector/promises',
      'node:v8',
      'node:perf_hooks',
      'inspector',
      'inspector/promises',
      'v8',
      'perf_hooks',
    ]);
    const seen = new Set<string>();
    const offenders: string[] = [];
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of emittedImports(file)) {
        if (banned.has(spec)) offenders.push(`${file.slice(here.length + 1)} imports ${spec}`);
        else if (spec.startsWith('.')) visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      }
    };
    visit(join(here, 'index.ts'));
    expect(seen.size).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });

  it('does not load OpenTelemetry, nor the tracing setup, unless tracing is asked for', () => {
    const seen = new Set<string>();
    const offenders: string[] = [];
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of emittedImports(file)) {
        if (spec.startsWith('@opentelemetry/')) offenders.push(`${file.slice(here.length + 1)} imports ${spec}`);
        else if (spec.startsWith('.')) visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      }
    };
    visit(join(here, 'index.ts'));
    for (const entry of ['manager', 'controller', 'rest', 'webhook', 'client', 'cache']) {
      visit(join(here, entry, 'index.ts'));
    }
    expect(offenders).toEqual([]);
    // Only the hooks (tracer.ts) are in the graph. The manager imports the setup (start.ts, config.ts)
    // once tracingRequested says yes, and the setup imports the SDK module (otel.ts), the one that loads
    // OpenTelemetry, so the check above would see it if any of them were imported statically.
    const tracing = [...seen].filter((f) => f.startsWith(join(here, 'tracing'))).map((f) => f.slice(here.length + 1));
    expect(tracing).toEqual(['tracing/tracer.ts']);
    expect(readFileSync(join(here, 'manager', 'manager.ts'), 'utf8')).toContain("await import('../tracing/start.js')");
    expect(readFileSync(join(here, 'tracing', 'start.ts'), 'utf8')).toContain("await import('./otel.js')");
    const sdk = emittedImports(join(here, 'tracing', 'otel.ts')).filter((s) => s.startsWith('@opentelemetry/'));
    expect(sdk).toContain('@opentelemetry/sdk-trace');
  });
});
