import { UserError } from '../../../errors/user-error.js';
import { asObjArray, clone, compareStrings, isObj, nameOf, type Obj } from '../model/objects.js';
import { isStrictSemver } from '../model/semver.js';
import type { CollectedManifests } from './collect.js';
import type { CrdDescriptorInput } from './descriptors.js';
import { buildAlmExamples } from './examples.js';
import { buildOwnedCrds } from './owned-crds.js';
import { buildPermissions, type StrategyPermissions } from './rbac.js';
import { buildRelatedImages } from './related-images.js';
import { buildWebhookDefinitions } from './webhooks.js';

/** InstallModeType is one of OLM's four install modes. */
export type InstallModeType = 'OwnNamespace' | 'SingleNamespace' | 'MultiNamespace' | 'AllNamespaces';

/** CsvOptions are the inputs of {@link buildCsv} besides the base CSV and manifests. */
export interface CsvOptions {
  /** Package name; the CSV is named `<packageName>.v<version>`. */
  packageName: string;
  /** Strict semver without a `v` prefix. */
  version: string;
  replaces?: string;
  skips?: string[];
  /** Written as the `olm.skipRange` annotation. */
  skipRange?: string;
  minKubeVersion?: string;
  /** Replaces the base's installModes (missing types are written as unsupported). */
  installModes?: Partial<Record<InstallModeType, boolean>>;
  /** Marker descriptors for owned CRDs (from `+operator-sdk:csv:customresourcedefinitions:`). */
  descriptors?: CrdDescriptorInput[];
  /** More service accounts whose bound roles go into the CSV (operator-sdk's --extra-service-accounts). */
  extraServiceAccounts?: string[];
  /** RFC 3339 time for the `createdAt` annotation. Omitted unless given, so output is reproducible. */
  createdAt?: string;
  /** Value of `operators.operatorframework.io/builder`, e.g. `operator-ts-v0.1.0`. */
  builder?: string;
  /** Value of `operators.operatorframework.io/project_layout`, e.g. the PROJECT plugin chain. */
  projectLayout?: string;
}

/** CsvResult is the generated CSV, the input objects absorbed into it, and non-fatal notes. */
export interface CsvResult {
  csv: Obj;
  /** RBAC objects and service accounts now represented by the CSV; the bundle does not write them. */
  consumed: Set<Obj>;
  warnings: string[];
}

const INSTALL_MODES: InstallModeType[] = ['OwnNamespace', 'SingleNamespace', 'MultiNamespace', 'AllNamespaces'];

/**
 * assertVersion rejects a version operator-sdk would reject: anything that is not strict semver.
 */
export function assertVersion(version: string): void {
  if (!isStrictSemver(version)) {
    throw new UserError(`version "${version}" is not a semantic version`, {
      hint: 'pass --version as MAJOR.MINOR.PATCH without a "v" prefix or leading zeros, e.g. --version 0.1.0',
    });
  }
}

/**
 * pickBaseCsv returns the base CSV: the first input CSV named `<package>.*` (kustomize's config/manifests
 * includes the base), otherwise the given base. No base is a UserError: the base carries the fields only
 * a human can write (display name, description, provider, icon, maintainers).
 */
export function pickBaseCsv(c: CollectedManifests, packageName: string, base: Obj | undefined, basePath: string): Obj {
  const fromInput = c.csvs.find((csv) => nameOf(csv).startsWith(`${packageName}.`));
  if (fromInput !== undefined) return fromInput;
  if (base !== undefined) return base;
  throw new UserError(
    `no base ClusterServiceVersion for package "${packageName}": ${basePath} does not exist and none came with the input manifests`,
    {
      hint: `create ${basePath} (the olm plugin scaffolds it: operator-ts edit --plugins olm/v1), or pass --base-csv <file>, or check that --package matches the base CSV's name "<package>.v..."`,
    },
  );
}

/** installStrategy is the CSV's deployment install strategy: the operator Deployments and the roles their service accounts are bound to. */
function installStrategy(
  c: CollectedManifests,
  extraServiceAccounts: CsvOptions['extraServiceAccounts'],
): { install: Obj; consumed: CsvResult['consumed'] } {
  const deployments = [...c.deployments]
    .sort((a, b) => compareStrings(nameOf(a), nameOf(b)))
    .map((d) => {
      const entry: Obj = { name: nameOf(d), spec: clone(d.spec ?? {}) };
      if (isObj(d.metadata?.labels) && Object.keys(d.metadata.labels).length > 0)
        entry.label = clone(d.metadata.labels);
      injectTargetNamespaces(entry.spec);
      return entry;
    });
  const rbac = buildPermissions(c, extraServiceAccounts);
  const install: Obj = { spec: { deployments }, strategy: 'deployment' };
  if (rbac.clusterPermissions.length > 0) install.spec.clusterPermissions = rbac.clusterPermissions.map(toPlain);
  if (rbac.permissions.length > 0) install.spec.permissions = rbac.permissions.map(toPlain);
  return { install, consumed: rbac.consumed };
}

/** setOrDelete sets spec[key] to a non-empty list, or removes the key. */
function setOrDelete(spec: Obj, key: string, list: readonly unknown[]): void {
  if (list.length > 0) spec[key] = list;
  else delete spec[key];
}

/** setOwnedCrds recomputes spec.customresourcedefinitions.owned from the CRDs, the base's entries and the marker descriptors. */
function setOwnedCrds(spec: Obj, c: CollectedManifests, descriptors: CsvOptions['descriptors']): Obj[] {
  const crdsSection: Obj = isObj(spec.customresourcedefinitions) ? spec.customresourcedefinitions : {};
  const owned = buildOwnedCrds(c.crds, asObjArray(crdsSection.owned), descriptors ?? []);
  setOrDelete(crdsSection, 'owned', owned);
  if (Object.keys(crdsSection).length > 0) spec.customresourcedefinitions = crdsSection;
  else delete spec.customresourcedefinitions;
  return owned;
}

/** setAnnotations writes the generated annotations: alm-examples, createdAt, builder, project layout and skipRange. */
function setAnnotations(annotations: Obj, c: CollectedManifests, owned: readonly Obj[], options: CsvOptions): void {
  annotations['alm-examples'] = buildAlmExamples([
    ...c.customResources,
    ...keptBaseExamples(annotations['alm-examples'], c.customResources, owned),
  ]);
  if (options.createdAt !== undefined) annotations.createdAt = options.createdAt;
  else delete annotations.createdAt;
  annotations['operators.operatorframework.io/builder'] = options.builder ?? 'operator-ts';
  annotations['operators.operatorframework.io/project_layout'] = options.projectLayout ?? 'unknown';
  if (options.skipRange !== undefined) annotations['olm.skipRange'] = options.skipRange;
}

/** setUpgradeFields writes replaces, skips, minKubeVersion and the install modes (all namespaces when neither the options nor the base say). */
function setUpgradeFields(spec: Obj, options: CsvOptions): void {
  if (options.replaces !== undefined) spec.replaces = options.replaces;
  if (options.skips !== undefined) spec.skips = [...options.skips];
  if (options.minKubeVersion !== undefined) spec.minKubeVersion = options.minKubeVersion;
  if (options.installModes !== undefined) {
    spec.installModes = INSTALL_MODES.map((type) => ({ supported: options.installModes?.[type] === true, type }));
  } else if (!Array.isArray(spec.installModes) || spec.installModes.length === 0) {
    spec.installModes = INSTALL_MODES.map((type) => ({ supported: type === 'AllNamespaces', type }));
  }
}

/**
 * buildCsv merges a base ClusterServiceVersion with the rendered manifests the way operator-sdk's
 * `generate bundle` does (operator-sdk internal/generate/clusterserviceversion/clusterserviceversion.go,
 * Generator.generate, and clusterserviceversion_updaters.go, ApplyTo): base ("user") fields are kept, generated fields (name, version,
 * install strategy, permissions, owned CRDs, webhook definitions, alm-examples, related images) are
 * recomputed. Pure and deterministic: the same input gives the same object.
 */
export function buildCsv(base: Obj, c: CollectedManifests, options: CsvOptions): CsvResult {
  assertVersion(options.version);
  if (c.deployments.length === 0) {
    throw new UserError(
      'no Deployment found in the input manifests: the CSV install strategy needs the operator Deployment',
      {
        hint: 'pipe the full `kubectl kustomize config/manifests` output (config/manifests must include ../default, which includes ../manager)',
      },
    );
  }
  const warnings: string[] = [];
  const csv: Obj = clone(base);
  csv.apiVersion = 'operators.coreos.com/v1alpha1';
  csv.kind = 'ClusterServiceVersion';
  csv.metadata = isObj(csv.metadata) ? csv.metadata : {};
  csv.metadata.name = `${options.packageName}.v${options.version}`;
  if (csv.metadata.namespace === undefined) csv.metadata.namespace = 'placeholder';
  const annotations: Obj = isObj(csv.metadata.annotations) ? csv.metadata.annotations : {};
  csv.metadata.annotations = annotations;
  csv.spec = isObj(csv.spec) ? csv.spec : {};
  const spec: Obj = csv.spec;
  spec.version = options.version;
  const { install, consumed } = installStrategy(c, options.extraServiceAccounts);
  spec.install = install;
  const owned = setOwnedCrds(spec, c, options.descriptors);
  setOrDelete(spec, 'webhookdefinitions', buildWebhookDefinitions(c));
  setAnnotations(annotations, c, owned, options);
  setOrDelete(spec, 'relatedImages', buildRelatedImages(c.deployments, asObjArray(spec.relatedImages), warnings));
  setUpgradeFields(spec, options);
  return { csv, consumed, warnings };
}

/**
 * keptBaseExamples returns the base CSV's hand-written examples for owned APIs that have no sample in
 * the input. operator-sdk always recomputes alm-examples from samples and so drops them (issue #3480);
 * examples for APIs the bundle does not provide are still dropped (they would fail validation).
 */
function keptBaseExamples(baseText: unknown, samples: readonly Obj[], owned: readonly Obj[]): Obj[] {
  if (typeof baseText !== 'string' || baseText.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(baseText);
  } catch {
    return [];
  }
  const key = (o: Obj): string => `${String(o.apiVersion)}/${String(o.kind)}`;
  const sampled = new Set(samples.map(key));
  const provided = new Set(
    owned.map((e) => `${String(e.name).slice(String(e.name).indexOf('.') + 1)}/${String(e.version)}/${String(e.kind)}`),
  );
  return (Array.isArray(parsed) ? parsed : []).filter(
    (e): e is Obj => isObj(e) && provided.has(key(e)) && !sampled.has(key(e)),
  );
}

function toPlain(p: StrategyPermissions): Obj {
  return { rules: clone(p.rules), serviceAccountName: p.serviceAccountName };
}

/**
 * injectTargetNamespaces points WATCH_NAMESPACE at the OperatorGroup's target namespaces, as
 * operator-sdk's setNamespacedFields does, so the operator watches what OLM asks it to.
 */
function injectTargetNamespaces(deploymentSpec: Obj): void {
  const podSpec: Obj = deploymentSpec.template?.spec ?? {};
  for (const container of [...asObjArray(podSpec.initContainers), ...asObjArray(podSpec.containers)]) {
    for (const env of asObjArray(container.env)) {
      if (env.name !== 'WATCH_NAMESPACE') continue;
      delete env.value;
      env.valueFrom = { fieldRef: { fieldPath: "metadata.annotations['olm.targetNamespaces']" } };
    }
  }
}
