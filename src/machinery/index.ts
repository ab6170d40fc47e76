/**
 * The scaffolding engine: a virtual file tree, file descriptors with explicit policies, a strict
 * Handlebars environment and insertion at `+operator-ts:scaffold:<name>` markers. It knows nothing
 * about Kubernetes.
 */
export type {
  FileDescriptor,
  TemplateFile,
  GeneratedFile,
  InsertFile,
  RemoveFile,
  IfExists,
  IfMissing,
  Fragment,
} from './descriptors.js';
export { VirtualTree, type Change, type ChangeKind, type ReadonlyTree, type VirtualTreeOptions } from './tree.js';
export type { FileSystem } from './file-system.js';
export { applyDescriptors, conflictError, type Conflict, type ApplyOptions } from './apply.js';
export { markerLine, insertAtMarkers, containsFragment, commentToken, MARKER_PREFIX } from './markers.js';
export { toYaml, toYamlDocuments } from '../yaml/yaml.js';
export { toYamlWithMarkers } from './yaml-markers.js';
export { lower, upper, pascal, camel, kebab, plural, json } from './helpers.js';
