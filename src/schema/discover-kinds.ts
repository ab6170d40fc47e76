import { basename, dirname, relative } from 'node:path';
import type { SourceFile } from 'ts-morph';
import { toPosix } from '../compiler/input-files.js';
import { Node } from '../compiler/ts-morph.js';
import type { Diagnostic } from '../errors/diagnostic.js';
import type { LocatedMarker } from '../markers/collect.js';
import { isListKind, kindsOf } from './kinds.js';
import type { NamedDecl } from './model.js';
import type { TypeWalker } from './walker.js';

/** SourceFolder is one folder of input files (a Go package, for controller-gen) and the package-level markers its files carry. */
export interface SourceFolder {
  readonly dir: string;
  readonly files: SourceFile[];
  readonly markers: LocatedMarker[];
}

/** SourceMarkers are the package-level markers of a set of input files, by folder and in file order. */
export interface SourceMarkers {
  /** The folders, sorted by path. */
  readonly folders: SourceFolder[];
  /** Every package-level marker (`+kubebuilder:rbac`, `+groupName`, ...) in input file order. */
  readonly packageMarkers: LocatedMarker[];
  /** Problems found while parsing the markers of the files. */
  readonly diagnostics: Diagnostic[];
}

/**
 * readSourceMarkers reads the markers of the input files once and groups the files by folder, the unit
 * that `+groupName`, `+versionName` and `+kubebuilder:skip` speak for.
 */
export function readSourceMarkers(files: readonly SourceFile[], walker: TypeWalker): SourceMarkers {
  const byDir = new Map<string, SourceFolder>();
  const packageMarkers: LocatedMarker[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const sf of files) {
    const fm = walker.markersOf(sf);
    diagnostics.push(...fm.diagnostics);
    const dir = dirname(sf.getFilePath());
    const folder = byDir.get(dir) ?? { dir, files: [], markers: [] };
    byDir.set(dir, folder);
    folder.files.push(sf);
    folder.markers.push(...fm.packageMarkers);
    packageMarkers.push(...fm.packageMarkers);
  }
  const folders = [...byDir.values()].sort((a, b) => (a.dir < b.dir ? -1 : 1));
  return { folders, packageMarkers, diagnostics };
}

/** ApiKind is one kind of an API folder: its walked declaration, the file declaring it and its group and version. */
export interface ApiKind {
  readonly folder: SourceFolder;
  readonly file: SourceFile;
  readonly group: string;
  readonly version: string;
  readonly decl: NamedDecl;
}

/** DiscoveredKinds are the kinds of the API folders, and what is wrong with the folders. */
export interface DiscoveredKinds {
  readonly kinds: ApiKind[];
  readonly diagnostics: Diagnostic[];
}

/** explicitRoots lists the declarations of a file marked `+kubebuilder:object:root`. */
function explicitRoots(sf: SourceFile, walker: TypeWalker): { name: string; loc: LocatedMarker['loc'] }[] {
  const out: { name: string; loc: LocatedMarker['loc'] }[] = [];
  for (const stmt of sf.getStatements()) {
    if (!(Node.isInterfaceDeclaration(stmt) || Node.isTypeAliasDeclaration(stmt) || Node.isClassDeclaration(stmt)))
      continue;
    const root = walker.attached(stmt).markers.find((m) => m.def.name === 'kubebuilder:object:root');
    if (root?.value === true) out.push({ name: stmt.getName() ?? '(anonymous)', loc: root.loc });
  }
  return out;
}

/**
 * reportUngroupedRoots reports the explicit roots of a folder without `+groupName`. Such a folder is no API
 * folder: object-shaped types there (a controller's view of another operator's resource) are no kinds,
 * but an explicit root marker asks for a CRD.
 */
function reportUngroupedRoots(folder: SourceFolder, walker: TypeWalker, root: string, diagnostics: Diagnostic[]): void {
  const roots = folder.files.flatMap((sf) => explicitRoots(sf, walker));
  const first = roots[0];
  if (first === undefined) return;
  diagnostics.push({
    ...first.loc,
    severity: 'error',
    message: `no +groupName in folder ${toPosix(relative(root, folder.dir)) || '.'}, so the API group of ${roots.map((r) => r.name).join(', ')} is unknown`,
    hint: `add a comment "// +groupName=<group>.<domain>" to a file of the folder (the scaffold puts it in groupversion.ts)`,
  });
}

/**
 * discoverKinds finds the kinds of the API folders as controller-gen does (pkg/crd/gen.go FindKubeKinds):
 * a folder with one `+groupName` and no `+kubebuilder:skip` is an API version, named by `+versionName` or
 * the folder; its kinds are the types {@link kindsOf} finds, lists left out. `root` only shortens the
 * folder names in messages. `generate` builds CRDs and the resources file from the result, `generate
 * bundle` the CSV descriptors.
 */
export function discoverKinds(folders: readonly SourceFolder[], walker: TypeWalker, root: string): DiscoveredKinds {
  const kinds: ApiKind[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const folder of folders) {
    if (folder.markers.some((m) => m.def.name === 'kubebuilder:skip')) continue;
    const groupMarkers = folder.markers.filter((m) => m.def.name === 'groupName');
    const groups = [...new Set(groupMarkers.map((m) => m.value as string))];
    if (groups.length === 0) {
      reportUngroupedRoots(folder, walker, root, diagnostics);
      continue;
    }
    const found = folder.files.map((sf) => ({ sf, ...kindsOf(sf, walker) }));
    for (const f of found) diagnostics.push(...f.warnings);
    const roots = found.flatMap((f) => f.kinds.map((node) => ({ sf: f.sf, node })));
    if (roots.length === 0) continue;
    if (groups.length > 1) {
      for (const m of groupMarkers.slice(1))
        diagnostics.push({
          ...m.loc,
          severity: 'error',
          message: `folder has more than one +groupName (${groups.join(', ')})`,
          hint: 'keep one +groupName per version folder',
        });
      continue;
    }
    const group = groups[0] as string;
    if (group === '') {
      // controller-gen writes such a CRD (named "<plural>."), which the API server refuses.
      const m = groupMarkers[0] as LocatedMarker;
      diagnostics.push({
        ...m.loc,
        severity: 'error',
        message: 'empty +groupName: the API server refuses a CRD without a group',
        hint: 'write the group, e.g. "// +groupName=batch.example.com"',
      });
      continue;
    }
    const versionMarker = folder.markers.find((m) => m.def.name === 'versionName');
    const version = (versionMarker?.value as string | undefined) ?? basename(folder.dir);
    for (const { sf, node } of roots) {
      const decl = walker.walkDeclaration(node);
      if (!isListKind(decl)) kinds.push({ folder, file: sf, group, version, decl });
    }
  }
  return { kinds, diagnostics };
}
