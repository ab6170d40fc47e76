import { basename, join, relative, resolve } from 'node:path';
import type { SourceFile } from 'ts-morph';
import { renderResourcesFile, type ResourceEntry } from '../codegen/resources-file.js';
import { findInputFiles, toPosix } from '../compiler/input-files.js';
import { loadSourceFiles } from '../compiler/load-sources.js';
import { syntaxErrors } from '../compiler/syntax-errors.js';
import { type Diagnostic, sortDiagnostics } from '../errors/diagnostic.js';
import { buildRbac } from '../manifests/rbac.js';
import { buildWebhookManifests } from '../manifests/webhook.js';
import { buildCrds, type KindVersion } from '../schema/crd.js';
import { SchemaEmitter } from '../schema/emit.js';
import { discoverKinds, readSourceMarkers, type SourceFolder } from '../schema/discover-kinds.js';
import { TypeWalker } from '../schema/walker.js';
import { toolVersion } from './tool-version.js';

/** Generator is one output of `operator-ts generate`. */
export type Generator = 'crd' | 'rbac' | 'webhook' | 'code';

/** GENERATORS lists every generator in output order. */
export const GENERATORS: readonly Generator[] = ['crd', 'rbac', 'webhook', 'code'];

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
}

/** GenerateResult is what a run would write (root-relative posix paths), and what is wrong. */
export interface GenerateResult {
  /** The input files the path globs matched (absolute, sorted); none means nothing was read. */
  inputs: string[];
  files: Map<string, string>;
  diagnostics: Diagnostic[];
  warnings: string[];
}

/**
 * runGenerate reads API types, controllers and webhooks and computes every output file of
 * `operator-ts generate` (CRDs, RBAC role, webhook configurations, `zz_generated.resources.ts`). It writes
 * nothing: the caller writes `files` only when `diagnostics` is empty.
 */
export function runGenerate(options: GenerateOptions): GenerateResult {
  const root = resolve(options.root);
  const generators = new Set(options.generators === undefined || options.generators.length === 0 ? GENERATORS : options.generators);
  const diagnostics: Diagnostic[] = [];
  const warnings: string[] = [];
  const files = new Map<string, string>();
  const inputs = findInputFiles(root, options.paths ?? ['src/**/*.ts']);
  if (inputs.length === 0) return { inputs, files, diagnostics, warnings };
  const { project, files: sources } = loadSourceFiles(inputs);
  const syntax = syntaxErrors(project, sources);
  if (syntax.length > 0) return { inputs, files, diagnostics: sortDiagnostics(syntax), warnings };
  const walker = new TypeWalker();
  const source = readSourceMarkers(sources, walker);
  diagnostics.push(...source.diagnostics);
  const named = (name: string) => source.packageMarkers.filter((m) => m.def.name === name);

  const emitter = new SchemaEmitter({ embeddedObjectMeta: options.embeddedObjectMeta === true });
  const kinds: KindVersion[] = [];
  const codeEntries = new Map<string, ResourceEntry[]>();
  const kindFolders: { folder: SourceFolder; kv: KindVersion; file: SourceFile }[] = [];
  const wantsKinds = generators.has('crd') || generators.has('code');
  if (wantsKinds) {
    const found = discoverKinds(source.folders, walker, root);
    diagnostics.push(...found.diagnostics);
    for (const { folder, file, group, version, decl } of found.kinds) {
      const kv: KindVersion = { decl, group, version, schema: emitter.emitRoot(decl) };
      kinds.push(kv);
      kindFolders.push({ folder, kv, file });
    }
  }
  diagnostics.push(...emitter.diagnostics);

  if (wantsKinds) {
    const crds = buildCrds(kinds, { toolVersion: toolVersion(), maxDescLen: options.maxDescLen }, diagnostics, warnings);
    if (generators.has('crd')) {
      for (const c of crds) files.set(toPosix(join(options.crdOutput ?? 'config/crd/bases', c.fileName)), c.text);
    }
    if (generators.has('code')) {
      for (const { folder, kv, file } of kindFolders) {
        const crd = crds.find((c) => c.group === kv.group && c.kind === kv.decl.name);
        if (crd === undefined) continue;
        const list = codeEntries.get(folder.dir) ?? [];
        list.push({ kind: kv.decl.name, typeModule: `./${basename(file.getFilePath()).replace(/\.ts$/, '.js')}`, group: kv.group, version: kv.version, plural: crd.plural, namespaced: crd.namespaced });
        codeEntries.set(folder.dir, list);
      }
      for (const [dir, entries] of codeEntries) files.set(toPosix(relative(root, join(dir, 'zz_generated.resources.ts'))), renderResourcesFile(entries));
    }
  }
  if (generators.has('rbac')) {
    const text = buildRbac(named('kubebuilder:rbac'), options.roleName ?? 'manager-role', diagnostics);
    if (text !== undefined) files.set(toPosix(join(options.rbacOutput ?? 'config/rbac', 'role.yaml')), text);
  }
  if (generators.has('webhook')) {
    const text = buildWebhookManifests(named('kubebuilder:webhook'), named('kubebuilder:webhookconfiguration'), diagnostics);
    if (text !== undefined) files.set(toPosix(join(options.webhookOutput ?? 'config/webhook', 'manifests.yaml')), text);
  }
  return { inputs, files, diagnostics: sortDiagnostics(diagnostics), warnings };
}
