import { toYaml } from '../../../yaml/yaml.js';
import { buildCsv, pickBaseCsv, type CsvOptions } from '../csv/build-csv.js';
import { collectManifests } from '../csv/collect.js';
import { clone, compareStrings, describeObject, gvkOf, type Obj } from '../model/objects.js';
import { isSupportedBundleKind } from '../model/supported-kinds.js';
import { bundleFileName, uniqueFileName } from './file-names.js';
import { buildBundleAnnotations, buildBundleDockerfile } from './metadata.js';
import { defaultScorecardConfig } from './scorecard.js';

/** BundleOptions extend the CSV options with the bundle metadata. */
export interface BundleOptions extends CsvOptions {
  /** Channels the bundle is published in; default ['alpha'] like operator-sdk. */
  channels?: string[];
  defaultChannel?: string;
  /** The bundle directory relative to the bundle.Dockerfile build context; default 'bundle'. */
  bundleDirInContext?: string;
  /** Where the base CSV is expected, for the missing-base error message. */
  baseCsvPath?: string;
  /** Annotations of the previous metadata/annotations.yaml; custom keys are carried over. */
  existingAnnotations?: Record<string, string>;
}

/** BundleInput is everything {@link buildBundle} needs; nothing is read from disk. */
export interface BundleInput {
  /** Parsed objects as rendered by `kubectl kustomize config/manifests`. */
  manifests: readonly Obj[];
  /** The base CSV (config/manifests/bases/<package>.clusterserviceversion.yaml) unless one is in manifests. */
  baseCsv?: Obj;
  options: BundleOptions;
}

/** GeneratedBundle is the bundle as file contents, keyed by path relative to the bundle directory. */
export interface GeneratedBundle {
  files: Map<string, string>;
  /** bundle.Dockerfile, written next to (not inside) the bundle directory. */
  dockerfile: string;
  csv: Obj;
  warnings: string[];
}

/**
 * providedByOlm tells the objects config/default always renders that OLM replaces at install time, so
 * dropping them is expected and not worth a warning on every `make bundle`: the install Namespace (the
 * OperatorGroup's) and cert-manager's webhook Issuer and Certificate (OLM issues the serving certificate).
 */
function providedByOlm(obj: Obj): boolean {
  const { group, kind } = gvkOf(obj);
  return (
    (group === '' && kind === 'Namespace') ||
    (group === 'cert-manager.io' && (kind === 'Issuer' || kind === 'Certificate'))
  );
}

/**
 * buildBundle assembles a registry+v1 bundle in memory: the CSV built from the base and the manifests,
 * CRDs and the other kinds OLM accepts (without metadata.namespace), metadata/annotations.yaml,
 * tests/scorecard/config.yaml and bundle.Dockerfile. Objects OLM does not accept in a bundle (Namespace,
 * cert-manager resources, ...) are dropped with a warning. Pure and deterministic.
 */
export function buildBundle(input: BundleInput): GeneratedBundle {
  const o = input.options;
  const collected = collectManifests(input.manifests);
  const base = pickBaseCsv(
    collected,
    o.packageName,
    input.baseCsv,
    o.baseCsvPath ?? `config/manifests/bases/${o.packageName}.clusterserviceversion.yaml`,
  );
  const { csv, consumed, warnings } = buildCsv(base, collected, o);

  const manifests: Obj[] = [...collected.crds, ...collected.services];
  const rest = [
    ...collected.serviceAccounts,
    ...collected.roles,
    ...collected.clusterRoles,
    ...collected.roleBindings,
    ...collected.clusterRoleBindings,
    ...collected.others,
  ];
  for (const obj of rest) {
    if (consumed.has(obj)) continue;
    if (isSupportedBundleKind(gvkOf(obj).kind)) manifests.push(obj);
    else if (!providedByOlm(obj))
      warnings.push(`${describeObject(obj)}: kind ${gvkOf(obj).kind} is not allowed in an OLM bundle; not written`);
  }
  const files = new Map<string, string>();
  const manifestEntries: [string, string][] = [];
  const taken = new Set<string>();
  const csvFile = bundleFileName(csv, o.packageName);
  taken.add(csvFile);
  manifestEntries.push([csvFile, toYaml(csv, { sortKeys: true })]);
  for (const obj of sortObjects(manifests)) {
    const copy = clone(obj);
    if (copy.metadata !== undefined) delete copy.metadata.namespace;
    const name = uniqueFileName(bundleFileName(copy, o.packageName), taken);
    taken.add(name);
    manifestEntries.push([name, toYaml(copy, { sortKeys: true })]);
  }
  const channels = o.channels !== undefined && o.channels.length > 0 ? o.channels : ['alpha'];
  const scorecard = collected.scorecardConfigs[0] ?? defaultScorecardConfig();
  const annotations = buildBundleAnnotations({
    packageName: o.packageName,
    channels,
    builder: o.builder ?? 'operator-ts',
    projectLayout: o.projectLayout ?? 'unknown',
    hasScorecard: true,
    ...(o.defaultChannel !== undefined ? { defaultChannel: o.defaultChannel } : {}),
    ...(o.existingAnnotations !== undefined ? { existing: o.existingAnnotations } : {}),
  });
  for (const [name, text] of manifestEntries.sort(([a], [b]) => compareStrings(a, b)))
    files.set(`manifests/${name}`, text);
  files.set('metadata/annotations.yaml', toYaml({ annotations: Object.fromEntries(annotations) }));
  files.set('tests/scorecard/config.yaml', toYaml(scorecard, { sortKeys: true }));
  const dockerfile = buildBundleDockerfile(annotations, o.bundleDirInContext ?? 'bundle', true);
  return { files, dockerfile, csv, warnings };
}

function sortObjects(objs: Obj[]): Obj[] {
  return [...objs].sort((a, b) => compareStrings(bundleFileName(a, ''), bundleFileName(b, '')));
}
