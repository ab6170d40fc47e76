/**
 * operator-ts/runtime/helm: Helm-hybrid operators, whose custom resources' specs are a chart's values and
 * whose reconciler renders the chart with the Helm CLI, runs a TypeScript mutation hook held to an
 * allow-list, applies the objects with server-side apply and prunes what left the render. Only operators
 * that import this subpath load its Helm and YAML dependencies.
 *
 * @packageDocumentation
 */
export { diffObjects, type Change, type ChangeOp } from './object-diff.js';
export {
  inventoryEntryOf,
  inventoryKey,
  prunable,
  releaseMayDelete,
  sortInventory,
  type InventoryEntry,
} from './inventory.js';
export {
  checkMutations,
  defaultMutationPolicy,
  formatViolations,
  type MutationPolicy,
  type MutationRule,
  type MutationViolation,
} from './mutation-policy.js';
export { HelmRenderError, parseRender, renderChart, type RenderedChart, type RenderOptions } from './render.js';
export { kindResolver, UnknownKindError, type KindResolver } from './resolve-kind.js';
export {
  DEPLOYED,
  FAILED,
  helmReleaseReconciler,
  type HelmReleaseObject,
  type HelmReleaseOptions,
  type HelmReleaseStatus,
  type MutationHook,
} from './release-reconciler.js';
