import { basename, join, relative, resolve } from 'node:path';
import { renderResourcesFile, type ResourceEntry } from '../codegen/resources-file.js';
import { findInputFiles, toPosix } from '../compiler/input-files.js';
import { loadSourceFiles } from '../compiler/load-sources.js';
import { syntaxErrors } from '../compiler/syntax-errors.js';
import { type Diagnostic, sortDiagnostics } from '../errors/diagnostic.js';
import { buildRbac } from '../manifests/rbac.js';
import { buildWebhookManifests } from '../manifests/webhook.js';
import type { LocatedMarker } from '../markers/collect.js';
import type { MarkerDefinition } from '../markers/definition.js';
import { RBAC_MARKER } from '../manifests/rbac-markers.js';
import { WEBHOOK_CONFIGURATION_MARKER, WEBHOOK_MARKER } from '../manifests/webhook-markers.js';
import { operatorTsMarkers } from './markers.js';
import { buildCrds, type KindVersion } from '../schema/crd.js';
import { SchemaEmitter } from '../schema/emit.js';
import { discoverKinds, readSourceMarkers, type SourceMarkers } from '../schema/discover-kinds.js';
import { TypeWalker } from '../schema/walker.js';
import { toolVersion } from './tool-version.js';
import { GENERATORS, type Generator } from './generators.js';

/** GENERATORS and Generator are re-exported for the callers of runGenerate. */
export { GENERATORS, type Generator };

/** GenerateOptions are the inputs of {@link runGenerate}; paths are relative to root. */
export interface GenerateOptions {
  root: string;
  generators?: readonly Generator[];
  /** Globs of input files (default `src/**\/*.ts`). */
  paths?: readonly string[];
  crdOutput?: string;
  rbacOutput?: string;
  roleName?: string;
  webhookOutput?: string;
  maxDescLen?: number;
  embeddedObjectMeta?: boolean;
  /** Called as each phase of the run starts, with what it does (for a progress line; the run is synchronous). */
  onPhase?: (phase: string) => void;
}

/** GenerateResult is what a run would write (root-relative posix paths), and what is wrong. */
export interface GenerateResult {
  /** The input files the path globs matched (absolute, sorted); none means nothing was read. */
  inputs: string[];
  files: Map<string, string>;
  /** The generator that produced each file of `files`. */
  origins: Map<string, Generator>;
  diagnostics: Diagnostic[];
  warnings: string[];
}

/** Outputs collects what a run would write and what it found wrong. */
interface Outputs {
  readonly root: string;
  readonly options: GenerateOptions;
  readonly files: Map<string, string>;
  readonly origins: Map<string, Generator>;
  readonly diagnostics: Diagnostic[];
  readonly warnings: string[];
}

function emit(out: Outputs, generator: Generator, path: string, text: string): void {
  out.files.set(path, text);
  out.origins.set(path, generator);
}

/**
 * kindOutputs emits the schema of every kind of the API folders and writes, as asked, the CRDs and the
 * `zz_generated.resources.ts` of each folder (a kind is listed there only when it got a CRD).
 */
function kindOutputs(
  out: Outputs,
  source: SourceMarkers,
  walker: TypeWalker,
  generators: ReadonlySet<Generator>,
): void {
  const emitter = new SchemaEmitter({ embeddedObjectMeta: out.options.embeddedObjectMeta === true });
  const found = discoverKinds(source.folders, walker, out.root);
  out.diagnostics.push(...found.diagnostics);
  const kinds = found.kinds.map((k) => ({
    ...k,
    kv: { decl: k.decl, group: k.group, version: k.version, schema: emitter.emitRoot(k.decl) } satisfies KindVersion,
  }));
  out.diagnostics.push(...emitter.diagnostics);
  const crds = buildCrds(
    kinds.map((k) => k.kv),
    { toolVersion: toolVersion(), maxDescLen: out.options.maxDescLen },
    out.diagnostics,
    out.warnings,
  );
  if (generators.has('crd')) {
    const dir = out.options.crdOutput ?? 'config/crd/bases';
    for (const c of crds) emit(out, 'crd', toPosix(join(dir, c.fileName)), c.text);
  }
  if (!generators.has('code')) return;
  const entries = new Map<string, ResourceEntry[]>();
  for (const { folder, file, kv } of kinds) {
    const crd = crds.find((c) => c.group === kv.group && c.kind === kv.decl.name);
    if (crd === undefined) continue;
    const list = entries.get(folder.dir) ?? [];
    list.push({
      kind: kv.decl.name,
      typeModule: `./${basename(file.getFilePath()).replace(/\.ts$/, '.js')}`,
      group: kv.group,
      version: kv.version,
      plural: crd.plural,
      namespaced: crd.namespaced,
    });
    entries.set(folder.dir, list);
  }
  for (const [dir, list] of entries)
    emit(out, 'code', toPosix(relative(out.root, join(dir, 'zz_generated.resources.ts'))), renderResourcesFile(list));
}

/** markerOutputs writes the RBAC role and the webhook configurations from the package-level markers, as asked. */
function markerOutputs(out: Outputs, source: SourceMarkers, generators: ReadonlySet<Generator>): void {
  const named = (def: MarkerDefinition): LocatedMarker[] => source.packageMarkers.filter((m) => m.def === def);
  if (generators.has('rbac')) {
    const text = buildRbac(named(RBAC_MARKER), out.options.roleName ?? 'manager-role', out.diagnostics);
    const path = toPosix(join(out.options.rbacOutput ?? 'config/rbac', 'role.yaml'));
    if (text !== undefined) emit(out, 'rbac', path, text);
  }
  if (generators.has('webhook')) {
    const text = buildWebhookManifests(named(WEBHOOK_MARKER), named(WEBHOOK_CONFIGURATION_MARKER), out.diagnostics);
    const path = toPosix(join(out.options.webhookOutput ?? 'config/webhook', 'manifests.yaml'));
    if (text !== undefined) emit(out, 'webhook', path, text);
  }
}

/**
 * runGenerate reads API types, controllers and webhooks and computes every output file of
 * `operator-ts generate` (CRDs, RBAC role, webhook configurations, `zz_generated.resources.ts`). It writes
 * nothing: the caller writes `files` only when `diagnostics` is empty. A syntax error in any input stops
 * it before anything is computed, as the declarations the parser recovered may lack fields.
 */
export function runGenerate(options: GenerateOptions): GenerateResult {
  const root = resolve(options.root);
  const generators = new Set(
    options.generators === undefined || options.generators.length === 0 ? GENERATORS : options.generators,
  );
  const out: Outputs = { root, options, files: new Map(), origins: new Map(), diagnostics: [], warnings: [] };
  const phase = options.onPhase ?? ((): void => undefined);
  const inputs = findInputFiles(root, options.paths ?? ['src/**/*.ts']);
  if (inputs.length === 0) return { inputs, files: out.files, origins: out.origins, diagnostics: [], warnings: [] };
  phase(`loading ${inputs.length} source file${inputs.length === 1 ? '' : 's'}`);
  const { project, files: sources } = loadSourceFiles(inputs);
  const syntax = syntaxErrors(project, sources);
  if (syntax.length > 0)
    return { inputs, files: out.files, origins: out.origins, diagnostics: sortDiagnostics(syntax), warnings: [] };
  phase('reading markers');
  const walker = new TypeWalker(operatorTsMarkers());
  const source = readSourceMarkers(sources, walker);
  out.diagnostics.push(...source.diagnostics);
  if (generators.has('crd') || generators.has('code')) {
    phase('building schemas and CRDs');
    kindOutputs(out, source, walker, generators);
  }
  if (generators.has('rbac') || generators.has('webhook')) phase('building RBAC and webhook manifests');
  markerOutputs(out, source, generators);
  const diagnostics = sortDiagnostics(out.diagnostics);
  return { inputs, files: out.files, origins: out.origins, diagnostics, warnings: out.warnings };
}
