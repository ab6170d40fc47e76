import { globSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { SourceFile } from 'ts-morph';
import { Node } from '../compiler/ts-morph.js';
import { renderResourcesFile, type ResourceEntry } from '../codegen/resources-file.js';
import type { LocatedMarker } from '../markers/collect.js';
import { type Diagnostic, sortDiagnostics } from '../markers/diagnostic.js';
import { buildRbac } from '../manifests/rbac.js';
import { buildWebhookManifests } from '../manifests/webhook.js';
import { buildCrds, type KindVersion } from '../schema/crd.js';
import { SchemaEmitter } from '../schema/emit.js';
import { TypeWalker } from '../schema/walker.js';
import { isListKind, kindsOf } from './kinds.js';
import { loadSourceFiles } from './project.js';
import { syntaxErrors } from './syntax-errors.js';
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
  files: Map<string, string>;
  diagnostics: Diagnostic[];
  warnings: string[];
}

function toPosix(p: string): string {
  return p.split(sep).join('/');
}

/** findInputFiles expands the path globs under root, skipping declaration files and node_modules. */
export function findInputFiles(root: string, paths: readonly string[]): string[] {
  const out = new Set<string>();
  for (const pattern of paths) {
    for (const f of globSync(pattern, { cwd: root })) {
      const rel = toPosix(f);
      if (rel.includes('node_modules/') || rel.endsWith('.d.ts') || !rel.endsWith('.ts')) continue;
      out.add(resolve(root, f));
    }
  }
  return [...out].sort();
}

interface Folder {
  dir: string;
  files: SourceFile[];
  markers: LocatedMarker[];
}

/** explicitRoots lists the declarations of a file marked `+kubebuilder:object:root=true`. */
function explicitRoots(sf: SourceFile, walker: TypeWalker): { name: string; loc: LocatedMarker['loc'] }[] {
  const out: { name: string; loc: LocatedMarker['loc'] }[] = [];
  for (const stmt of sf.getStatements()) {
    if (!(Node.isInterfaceDeclaration(stmt) || Node.isTypeAliasDeclaration(stmt) || Node.isClassDeclaration(stmt))) continue;
    const root = walker.attached(stmt).markers.find((m) => m.def.name === 'kubebuilder:object:root');
    if (root?.value === true) out.push({ name: stmt.getName() ?? '(anonymous)', loc: root.loc });
  }
  return out;
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
  const { project, files: sources } = loadSourceFiles(inputs);
  const syntax = syntaxErrors(project, sources);
  if (syntax.length > 0) return { files, diagnostics: sortDiagnostics(syntax), warnings };
  const walker = new TypeWalker();
  const folders = new Map<string, Folder>();
  const rbac: LocatedMarker[] = [];
  const webhooks: LocatedMarker[] = [];
  const webhookConfigs: LocatedMarker[] = [];
  for (const sf of sources) {
    const fm = walker.markersOf(sf);
    diagnostics.push(...fm.diagnostics);
    const dir = dirname(sf.getFilePath());
    const folder = folders.get(dir) ?? { dir, files: [], markers: [] };
    folders.set(dir, folder);
    folder.files.push(sf);
    for (const m of fm.packageMarkers) {
      if (m.def.name === 'kubebuilder:rbac') rbac.push(m);
      else if (m.def.name === 'kubebuilder:webhook') webhooks.push(m);
      else if (m.def.name === 'kubebuilder:webhookconfiguration') webhookConfigs.push(m);
      else folder.markers.push(m);
    }
  }

  const emitter = new SchemaEmitter({ embeddedObjectMeta: options.embeddedObjectMeta === true });
  const kinds: KindVersion[] = [];
  const codeEntries = new Map<string, ResourceEntry[]>();
  const kindFolders: { folder: Folder; kv: KindVersion; file: SourceFile }[] = [];
  const wantsKinds = generators.has('crd') || generators.has('code');
  for (const folder of [...folders.values()].sort((a, b) => (a.dir < b.dir ? -1 : 1))) {
    if (!wantsKinds) break;
    if (folder.markers.some((m) => m.def.name === 'kubebuilder:skip')) continue;
    const groupMarkers = folder.markers.filter((m) => m.def.name === 'groupName');
    const groups = new Set(groupMarkers.map((m) => m.value as string));
    if (groups.size === 0) {
      // Without +groupName a folder is no API folder: object-shaped types there (a controller's view of
      // another operator's resource) are no kinds, but an explicit root marker asks for a CRD.
      const roots = folder.files.flatMap((sf) => explicitRoots(sf, walker));
      const first = roots[0];
      if (first !== undefined) {
        diagnostics.push({
          ...first.loc,
          severity: 'error',
          message: `no +groupName in folder ${toPosix(relative(root, folder.dir)) || '.'}, so the API group of ${roots.map((r) => r.name).join(', ')} is unknown`,
          hint: `add a comment "// +groupName=<group>.<domain>" to a file of the folder (the scaffold puts it in groupversion.ts)`,
        });
      }
      continue;
    }
    const found = folder.files.map((sf) => ({ sf, ...kindsOf(sf, walker) }));
    for (const f of found) diagnostics.push(...f.warnings);
    const roots = found.flatMap((f) => f.kinds.map((node) => ({ sf: f.sf, node })));
    if (roots.length === 0) continue;
    if (groups.size > 1) {
      for (const m of groupMarkers.slice(1)) diagnostics.push({ ...m.loc, severity: 'error', message: `folder has more than one +groupName (${[...groups].join(', ')})`, hint: 'keep one +groupName per version folder' });
      continue;
    }
    const group = [...groups][0] as string;
    if (group === '') {
      // controller-gen writes such a CRD (named "<plural>."), which the API server refuses.
      const m = groupMarkers[0] as LocatedMarker;
      diagnostics.push({ ...m.loc, severity: 'error', message: 'empty +groupName: the API server refuses a CRD without a group', hint: 'write the group, e.g. "// +groupName=batch.example.com"' });
      continue;
    }
    const versionMarker = folder.markers.find((m) => m.def.name === 'versionName');
    const version = (versionMarker?.value as string | undefined) ?? basename(folder.dir);
    for (const { sf, node } of roots) {
      const decl = walker.walkDeclaration(node);
      if (isListKind(decl)) continue;
      const schema = emitter.emitRoot(decl);
      const kv: KindVersion = { decl, group, version, schema };
      kinds.push(kv);
      kindFolders.push({ folder, kv, file: sf });
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
    const text = buildRbac(rbac, options.roleName ?? 'manager-role', diagnostics);
    if (text !== undefined) files.set(toPosix(join(options.rbacOutput ?? 'config/rbac', 'role.yaml')), text);
  }
  if (generators.has('webhook')) {
    const text = buildWebhookManifests(webhooks, webhookConfigs, diagnostics);
    if (text !== undefined) files.set(toPosix(join(options.webhookOutput ?? 'config/webhook', 'manifests.yaml')), text);
  }
  return { files, diagnostics: sortDiagnostics(diagnostics), warnings };
}
