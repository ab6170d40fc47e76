import type { Obj } from '../model/objects.js';

/** Severity of a finding: errors fail `bundle validate` (exit 1) and abort `generate bundle`. */
export type Severity = 'error' | 'warning';

/** Finding is one validation result. `check` is a stable name, usable in scripts and selectors. */
export interface Finding {
  check: string;
  severity: Severity;
  /** The object or file the finding is about, e.g. `ClusterServiceVersion/memcached-operator.v0.1.0`. */
  object: string;
  message: string;
}

/** ValidatorName groups checks like operator-sdk's validators; optional ones are picked with --select-optional. */
export type ValidatorName =
  | 'format'
  | 'content'
  | 'csv'
  | 'crd'
  | 'bundle'
  | 'operatorhubv2'
  | 'capabilities'
  | 'categories'
  | 'alpha-deprecated-apis'
  | 'good-practices'
  | 'objects';

/** ManifestFile is one parsed file of manifests/. */
export interface ManifestFile {
  path: string;
  obj: Obj;
}

/** BundleView is a bundle loaded for validation; every check reads it, none changes it. */
export interface BundleView {
  files: ReadonlyMap<string, string>;
  hasManifestsDir: boolean;
  hasMetadataDir: boolean;
  manifests: ManifestFile[];
  /** Files of manifests/ that are not parseable YAML objects. */
  unreadable: { path: string; message: string }[];
  csv: ManifestFile | undefined;
  csvs: ManifestFile[];
  crds: ManifestFile[];
  annotations: Record<string, string> | undefined;
  annotationsPath: string | undefined;
  dependencies: { path: string; entries: unknown[] } | undefined;
  /** Sum over manifests/ files of len(base64(gzip(file))), as operator-framework/api computes it. */
  compressedSize: number;
}

/** ValidationContext carries the optional values (`--optional-values k8s-version=1.30`). */
export interface ValidationContext {
  optionalValues: Record<string, string>;
  env: Record<string, string | undefined>;
}

/** RawFinding is what a check returns; severity defaults to the check's own. */
export interface RawFinding {
  object: string;
  message: string;
  severity?: Severity;
}

/**
 * CheckDefinition is one named check. `name` is stable (it appears in findings and `check=` selectors);
 * `validator` is the operator-sdk validator it runs with, which decides whether it runs by default.
 */
export interface CheckDefinition {
  name: string;
  validator: ValidatorName;
  severity: Severity;
  run(view: BundleView, ctx: ValidationContext): RawFinding[];
}
