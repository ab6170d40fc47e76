import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The runtime ships inside every operator: it must not pull in the CLI side of the package (commander,
// handlebars, ts-morph, the generator, the machinery) through any import of a non-test module.
const runtimeDir = dirname(fileURLToPath(import.meta.url));
const forbiddenPackages = ['commander', 'handlebars', 'ts-morph', 'execa', 'json-schema-to-typescript', 'yaml'];
// operator-ts/runtime/helm runs the Helm CLI and parses what it prints: only operators that import that
// subpath (Helm-hybrid operators) load these two, and nothing else of the runtime imports the subpath.
const allowedIn: Record<string, readonly string[]> = { helm: ['execa', 'yaml'] };

/**
 * The packages the shipped runtime may import, and the folders that may import each (every folder when
 * absent). OpenTelemetry is imported by tracing/ alone, and there only by otel.ts, which is loaded with a
 * dynamic import when tracing is on (runtime-imports.test.ts checks that); its config.ts imports types
 * only. A new dependency of the runtime is an edit of this list.
 */
const allowedPackages: Record<string, readonly string[] | undefined> = {
  '@kubernetes/client-node': undefined,
  '@peculiar/x509': undefined,
  'fast-json-patch': undefined,
  pino: undefined,
  'prom-client': undefined,
  execa: ['helm'],
  yaml: ['helm'],
  '@opentelemetry/api': ['tracing'],
  '@opentelemetry/context-async-hooks': ['tracing'],
  '@opentelemetry/core': ['tracing'],
  '@opentelemetry/exporter-trace-otlp-http': ['tracing'],
  '@opentelemetry/exporter-trace-otlp-proto': ['tracing'],
  '@opentelemetry/resources': ['tracing'],
  '@opentelemetry/sdk-trace': ['tracing'],
  '@opentelemetry/semantic-conventions': ['tracing'],
};

/** packageOf is the package a bare specifier names: `@scope/name` or `name`, without a subpath. */
function packageOf(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * The layers of the runtime, lowest first. A module imports modules of its own folder and of lower layers
 * only, never of its own layer's other folders or of a higher one, so no two folders can import each other.
 * `core` is the files directly in src/runtime except index.ts, the front door, which sits above all layers.
 * A new folder fails the test below until it is placed here.
 */
const layers: ReadonlyArray<{ units: readonly string[]; holds: string }> = [
  {
    units: ['core'],
    holds: 'resource descriptors, wire types, built-in kinds, Runnable, bind addresses, lazily loaded node modules',
  },
  {
    units: ['log', 'reconcile', 'json'],
    holds:
      'loggers; the reconcile contract (Request, Result, Reconciler); stack-safe JSON copy, equality, serialisation and diff',
  },
  {
    units: ['workqueue', 'certwatcher'],
    holds: 'work queues and rate limiters; serving certificates reloaded from disk',
  },
  {
    units: ['metrics', 'tracing', 'handler'],
    holds: 'the Prometheus registry and the tracer (which every other layer may record into); event handlers',
  },
  {
    units: ['rest', 'predicate', 'webhook'],
    holds: 'transport, REST client and API errors; predicates; the webhook server and handlers',
  },
  { units: ['cache', 'metrics/server'], holds: 'reflectors, informers and the informer cache; the /metrics server' },
  {
    units: ['client', 'leaderelection', 'controller'],
    holds: 'the cache-backed client; Lease leader election; controllers and their builder',
  },
  {
    units: ['helpers', 'webhookcerts'],
    holds: 'conditions, finalizers, owner and object references, create-or-update; self-managed webhook certificates',
  },
  { units: ['events'], holds: 'event recorders, whose events point at objects by object reference' },
  { units: ['manager', 'fake'], holds: 'the manager; fakes for unit tests' },
  { units: ['helm'], holds: 'Helm-hybrid releases: chart rendering, the mutation allow-list, apply and prune' },
];

/** Test code: compiled only for tests, never shipped, so it may use any layer. */
const testOnlyUnits = new Set(['fixtures']);

interface Source {
  file: string;
  unit: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testdata' ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

function unitOf(file: string): string {
  const dir = relative(runtimeDir, dirname(file));
  return dir === '' ? 'core' : dir;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const m of text.matchAll(
    /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm,
  )) {
    specifiers.push((m[1] ?? m[2] ?? m[3]) as string);
  }
  return specifiers;
}

/** relativeImports lists each module's imports of other runtime modules, as absolute .ts paths. */
function relativeImports(file: string): string[] {
  return importsOf(file)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolve(dirname(file), spec).replace(/\.js$/, '.ts'));
}

const frontDoor = join(runtimeDir, 'index.ts');
const sources: Source[] = sourceFiles(runtimeDir).map((file) => ({ file, unit: unitOf(file) }));
const shipped = sources.filter((s) => !testOnlyUnits.has(s.unit));
const rank = new Map(layers.flatMap((layer, i) => layer.units.map((unit) => [unit, i] as const)));
const name = (file: string): string => relative(runtimeDir, file);

describe('runtime import boundary', () => {
  it('finds the runtime sources', () => {
    expect(shipped.length).toBeGreaterThan(20);
  });

  it('imports nothing outside src/runtime and no CLI-side package', () => {
    const offences: string[] = [];
    for (const { file, unit } of sources) {
      for (const spec of importsOf(file)) {
        if ((allowedIn[unit] ?? []).some((p) => spec === p || spec.startsWith(`${p}/`))) continue;
        if (spec.startsWith('.')) {
          const target = resolve(dirname(file), spec);
          if (relative(runtimeDir, target).startsWith('..')) offences.push(`${name(file)} -> ${spec}`);
        } else if (forbiddenPackages.some((p) => spec === p || spec.startsWith(`${p}/`))) {
          offences.push(`${name(file)} -> ${spec}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });
});

describe('runtime dependencies', () => {
  it('imports only the packages listed, each from the folders allowed to', () => {
    const offences: string[] = [];
    for (const { file, unit } of shipped) {
      for (const spec of importsOf(file)) {
        if (spec.startsWith('.') || spec.startsWith('node:')) continue;
        const pkg = packageOf(spec);
        const only = allowedPackages[pkg];
        if (!(pkg in allowedPackages)) offences.push(`${name(file)} -> ${spec} (not a runtime dependency)`);
        else if (only !== undefined && !only.includes(unit))
          offences.push(`${name(file)} -> ${spec} (only ${only.join(', ')})`);
      }
    }
    expect(offences).toEqual([]);
  });
});

describe('runtime layers', () => {
  it('places every folder of the runtime in exactly one layer', () => {
    const placed = layers.flatMap((l) => l.units);
    expect(placed.length).toBe(new Set(placed).size);
    const folders = [...new Set(shipped.map((s) => s.unit))].sort();
    expect(folders.filter((u) => !rank.has(u))).toEqual([]);
    expect(placed.filter((u) => !folders.includes(u))).toEqual([]);
  });

  it('imports only from its own folder or a lower layer', () => {
    const upward: string[] = [];
    for (const { file, unit } of shipped) {
      if (file === frontDoor) continue;
      for (const target of relativeImports(file)) {
        const targetUnit = unitOf(target);
        if (targetUnit === unit) continue;
        const from = rank.get(unit) ?? -1;
        const to = rank.get(targetUnit) ?? Number.POSITIVE_INFINITY;
        if (to >= from)
          upward.push(`${name(file)} (${unit}, layer ${from}) -> ${name(target)} (${targetUnit}, layer ${to})`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('has no import cycle between modules, type-only imports included', () => {
    const graph = new Map(sources.map((s) => [s.file, relativeImports(s.file)]));
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const path: string[] = [];
    const visit = (file: string): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'visiting') {
        cycles.push([...path.slice(path.indexOf(file)), file].map(name).join(' -> '));
        return;
      }
      state.set(file, 'visiting');
      path.push(file);
      for (const next of graph.get(file) ?? []) visit(next);
      path.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file);
    expect(cycles).toEqual([]);
  });

  it('ships no module that imports test code', () => {
    const offences = shipped.flatMap(({ file }) =>
      relativeImports(file)
        .filter((t) => testOnlyUnits.has(unitOf(t)))
        .map((t) => `${name(file)} -> ${name(t)}`),
    );
    expect(offences).toEqual([]);
  });
});
