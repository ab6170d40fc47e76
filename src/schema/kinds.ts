import type { ClassDeclaration, InterfaceDeclaration, SourceFile, TypeAliasDeclaration } from 'ts-morph';
import { Node } from '../compiler/ts-morph.js';
import type { Diagnostic } from '../errors/diagnostic.js';
import { isClientNodeFile } from './known-types.js';
import type { NamedDecl } from './model.js';
import type { TypeWalker } from './walker.js';

/** KindDeclaration is a top-level declaration that can stand for a kind. */
export type KindDeclaration = InterfaceDeclaration | TypeAliasDeclaration | ClassDeclaration;

const ROOT = 'kubebuilder:object:root';

/**
 * hasObjectMetaShape tells whether a type has `apiVersion`, `kind` and `metadata` of type V1ObjectMeta
 * (own or inherited): the TypeScript spelling of a Go struct embedding metav1.TypeMeta and
 * metav1.ObjectMeta, which is how controller-gen finds kinds (pkg/crd/gen.go FindKubeKinds). A list
 * (`metadata: V1ListMeta`) has not.
 */
function hasObjectMetaShape(decl: KindDeclaration): boolean {
  if (decl.getTypeParameters().length > 0) return false;
  // `type B = A` names a kind again; like Go's `type B A`, it declares no fields of its own.
  if (
    Node.isTypeAliasDeclaration(decl) &&
    !Node.isTypeLiteral(decl.getTypeNode()) &&
    !Node.isIntersectionTypeNode(decl.getTypeNode())
  )
    return false;
  const type = decl.getType();
  if (type.getProperty('apiVersion') === undefined || type.getProperty('kind') === undefined) return false;
  const meta = type.getProperty('metadata');
  if (meta === undefined) return false;
  const metaType = meta.getTypeAtLocation(decl).getNonNullableType();
  const sym = metaType.getSymbol() ?? metaType.getAliasSymbol();
  return (
    sym?.getName() === 'V1ObjectMeta' &&
    sym.getDeclarations().some((d) => isClientNodeFile(d.getSourceFile().getFilePath()))
  );
}

/** hasRootFields tells whether a type declares apiVersion, kind and metadata of any type. */
function hasRootFields(decl: KindDeclaration): boolean {
  const type = decl.getType();
  return ['apiVersion', 'kind', 'metadata'].every((n) => type.getProperty(n) !== undefined);
}

/** isListKind tells a `<Kind>List` (metadata is ListMeta, or it only holds items), which is no CRD of its own. */
export function isListKind(decl: NamedDecl): boolean {
  const type = decl.type;
  if (type.kind !== 'object') return false;
  const meta = type.properties.find((p) => p.name === 'metadata');
  if (meta?.type.kind === 'named' && meta.type.decl.name === 'V1ListMeta') return true;
  return (
    decl.name.endsWith('List') &&
    type.properties.some((p) => p.name === 'items') &&
    !type.properties.some((p) => p.name === 'spec')
  );
}

/** KindsOfFile are the kinds declared in one file, and what was said about declarations that are not. */
export interface KindsOfFile {
  kinds: KindDeclaration[];
  warnings: Diagnostic[];
}

/**
 * kindsOf finds the kinds of one file of an API folder as controller-gen does: every type shaped like a
 * Kubernetes object (see {@link hasObjectMetaShape}) is a kind, with or without
 * `+kubebuilder:object:root`, if it is exported. The marker also makes a kind of a type whose metadata is typed otherwise;
 * on a type that is no kind (a spec, a list) it does nothing, as for controller-gen, where it only asks for
 * a DeepCopyObject method: a warning says so, except on lists, which carry it by convention.
 */
export function kindsOf(sf: SourceFile, walker: TypeWalker): KindsOfFile {
  const out: KindsOfFile = { kinds: [], warnings: [] };
  for (const stmt of sf.getStatements()) {
    if (!(Node.isInterfaceDeclaration(stmt) || Node.isTypeAliasDeclaration(stmt) || Node.isClassDeclaration(stmt)))
      continue;
    const root = walker.attached(stmt).markers.find((m) => m.def.name === ROOT);
    // Only exported types: the generated resources file imports each kind, and a private base interface
    // holding apiVersion, kind and metadata is a building block, not an API.
    if (stmt.isExported() && hasObjectMetaShape(stmt)) {
      out.kinds.push(stmt);
      continue;
    }
    if (root === undefined || root.value !== true) continue;
    const named = walker.walkDeclaration(stmt);
    if (isListKind(named)) continue;
    if (hasRootFields(stmt)) {
      out.kinds.push(stmt);
      continue;
    }
    const name = stmt.getName() ?? '(anonymous)';
    out.warnings.push({
      ...root.loc,
      severity: 'warning',
      message: `${name} has +kubebuilder:object:root=true but is not a kind (it lacks apiVersion, kind or metadata: V1ObjectMeta), so no CRD is generated for it`,
      hint: `controller-gen reads the marker only to generate DeepCopyObject, which TypeScript needs not; remove it, or give ${name} apiVersion?: string, kind?: string and metadata?: V1ObjectMeta`,
    });
  }
  return out;
}
