import { builtin } from '../runtime/builtin.js';

/** BuiltinKindInfo is one entry of the runtime's table of built-in kinds (`builtin.<name>` in operator-ts/runtime). */
export interface BuiltinKindInfo {
  /** Key in the runtime's `builtin` table (`Deployment`, `CoreEvent`, `HorizontalPodAutoscalerV1`). */
  readonly name: string;
  /** Full API group: `` for core, `apps`, `networking.k8s.io`. */
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly plural: string;
  readonly namespaced: boolean;
}

// Read from the runtime's own table, so the CLI accepts exactly the kinds a generated controller can name.
const KINDS: readonly BuiltinKindInfo[] = Object.entries(builtin).map(([name, r]) => ({
  name,
  group: r.group,
  version: r.version,
  kind: r.kind,
  plural: r.plural,
  namespaced: r.namespaced,
}));

/** builtinKinds lists every built-in kind operator-ts/runtime has a descriptor for. */
export function builtinKinds(): readonly BuiltinKindInfo[] {
  return KINDS;
}

/** findBuiltinKind finds the runtime's descriptor of a built-in kind by full group, version and kind. */
export function findBuiltinKind(group: string, version: string, kind: string): BuiltinKindInfo | undefined {
  return KINDS.find((k) => k.group === group && k.version === version && k.kind === kind);
}
