import type { JsonObject } from './json-value.js';
import type { PathSegment, SourceObject } from './source-documents.js';

/** PrinterColumn is one `additionalPrinterColumns` entry of a version. */
export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  format?: string;
  priority?: number;
}

/** CrdVersion is one version of a CustomResourceDefinition, as read. */
export interface CrdVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated: boolean;
  deprecationWarning?: string;
  /** The `openAPIV3Schema` of the version. */
  schema: JsonObject;
  printerColumns: PrinterColumn[];
  statusSubresource: boolean;
  scale?: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath?: string };
  selectableFields: string[];
  /** Path of the version in its source object, for diagnostics. */
  path: readonly PathSegment[];
}

/** ImportedCrd is one CustomResourceDefinition that passed validation. */
export interface ImportedCrd {
  /** `metadata.name`, e.g. `certificates.cert-manager.io`. */
  name: string;
  group: string;
  kind: string;
  plural: string;
  singular?: string;
  listKind?: string;
  shortNames?: string[];
  categories?: string[];
  namespaced: boolean;
  versions: CrdVersion[];
  annotations: Record<string, string>;
  labels: Record<string, string>;
  /** `spec.conversion`, kept only to say that the import drops it. */
  conversionStrategy?: string;
  source: SourceObject;
}
