import { asObjArray, describeObject, gvkOf, isObj, type Obj } from '../model/objects.js';
import { isDns1123Subdomain, isLabelValue } from '../model/names.js';
import { isStrictSemver } from '../model/semver.js';
import type { BundleView, CheckDefinition, RawFinding } from './types.js';

/** withCsv runs fn on the CSV and its display name; no CSV means no findings. */
function withCsv(v: BundleView, fn: (csv: Obj, object: string) => RawFinding[]): RawFinding[] {
  return v.csv === undefined ? [] : fn(v.csv.obj, describeObject(v.csv.obj));
}

const validCsvName = (name: string): boolean => isDns1123Subdomain(name) && isLabelValue(name);

/** parseExamples returns the parsed alm-examples (or olm.examples) value, or the JSON error. */
export function parseExamples(csv: Obj): { value: unknown } | { error: string } | undefined {
  const a: Obj = isObj(csv.metadata?.annotations) ? csv.metadata.annotations : {};
  const text = a['alm-examples'] ?? a['olm.examples'];
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/** providedApis lists `group/version/kind` of the CSV's owned CRDs and owned APIServices. */
export function providedApis(csv: Obj): Set<string> {
  const out = new Set<string>();
  for (const e of asObjArray(csv.spec?.customresourcedefinitions?.owned)) {
    const name = String(e.name ?? '');
    const dot = name.indexOf('.');
    if (dot >= 0) out.add(`${name.slice(dot + 1)}/${String(e.version)}/${String(e.kind)}`);
  }
  for (const e of asObjArray(csv.spec?.apiservicedefinitions?.owned))
    out.add(`${String(e.group)}/${String(e.version)}/${String(e.kind)}`);
  return out;
}

const RESERVED_ANNOTATIONS = [
  'olm.operatorGroup',
  'olm.operatorNamespace',
  'olm.targetNamespaces',
  'olm.providedAPIs',
  'olm.skipRange',
];

function installModes(csv: Obj): Obj[] {
  return asObjArray(csv.spec?.installModes);
}

function requiredFieldProblems(csv: Obj): string[] {
  const out: string[] = [];
  const spec: Obj | undefined = isObj(csv.spec) ? csv.spec : undefined;
  if (!isObj(csv.metadata)) out.push('metadata');
  if (spec === undefined) return [...out, 'spec'];
  if (typeof spec.displayName !== 'string' || spec.displayName === '') out.push('spec.displayName');
  if (!isObj(spec.install)) return [...out, 'spec.install'];
  if (typeof spec.install.strategy !== 'string' || spec.install.strategy === '') out.push('spec.install.strategy');
  const ispec: Obj = isObj(spec.install.spec) ? spec.install.spec : {};
  if (Object.keys(ispec).length > 0 && !Array.isArray(ispec.deployments)) out.push('spec.install.spec.deployments');
  // Upstream does not walk slices, so a deployment without a name passes validation and fails at apply
  // time against OLM's CRD schema; operator-ts checks the schema's required list fields too.
  asObjArray(ispec.deployments).forEach((d, i) => {
    if (typeof d.name !== 'string' || d.name === '') out.push(`spec.install.spec.deployments[${i}].name`);
    if (!isObj(d.spec)) out.push(`spec.install.spec.deployments[${i}].spec`);
  });
  for (const key of ['permissions', 'clusterPermissions']) {
    asObjArray(ispec[key]).forEach((p, i) => {
      if (typeof p.serviceAccountName !== 'string' || p.serviceAccountName === '')
        out.push(`spec.install.spec.${key}[${i}].serviceAccountName`);
      if (!Array.isArray(p.rules)) out.push(`spec.install.spec.${key}[${i}].rules`);
    });
  }
  for (const key of ['owned', 'required']) {
    asObjArray(spec.customresourcedefinitions?.[key]).forEach((e, i) => {
      for (const f of ['name', 'version', 'kind'])
        if (typeof e[f] !== 'string' || e[f] === '') out.push(`spec.customresourcedefinitions.${key}[${i}].${f}`);
    });
  }
  asObjArray(spec.webhookdefinitions).forEach((w, i) => {
    for (const f of ['type', 'generateName', 'sideEffects', 'admissionReviewVersions'])
      if (w[f] === undefined || w[f] === '') out.push(`spec.webhookdefinitions[${i}].${f}`);
  });
  return out;
}

/**
 * csvChecks are operator-framework/api's ClusterServiceVersion validator: pkg/validation/internal/csv.go
 * (validateCSV and the functions it calls), annotations.go (ValidateAnnotationNames) and typecheck.go
 * (checkEmptyFields, the required-field walk).
 */
export const csvChecks: CheckDefinition[] = [
  {
    name: 'csv-name',
    validator: 'csv',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) => {
        const name = String(csv.metadata?.name ?? '');
        return validCsvName(name)
          ? []
          : [
              {
                object,
                message: `metadata.name "${name}" must be a DNS-1123 subdomain of at most 63 characters ([a-z0-9.-], alphanumeric at both ends)`,
              },
            ];
      }),
  },
  {
    name: 'csv-replaces-name',
    validator: 'csv',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) => {
        const r: unknown = csv.spec?.replaces;
        return typeof r === 'string' && r !== '' && !validCsvName(r)
          ? [{ object, message: `spec.replaces "${r}" is not a valid CSV name` }]
          : [];
      }),
  },
  {
    name: 'csv-annotations-missing',
    validator: 'csv',
    severity: 'warning',
    run: (v) =>
      withCsv(v, (csv, object) =>
        isObj(csv.metadata?.annotations) && Object.keys(csv.metadata.annotations).length > 0
          ? []
          : [{ object, message: 'annotations not found' }],
      ),
  },
  {
    name: 'csv-examples-missing',
    validator: 'csv',
    severity: 'warning',
    run: (v) =>
      withCsv(v, (csv, object) => {
        const a: Obj | undefined = csv.metadata?.annotations;
        return !isObj(a) || 'alm-examples' in a || 'olm.examples' in a
          ? []
          : [{ object, message: 'neither alm-examples nor olm.examples annotation is present' }];
      }),
  },
  {
    name: 'csv-examples-both',
    validator: 'csv',
    severity: 'warning',
    run: (v) =>
      withCsv(v, (csv, object) => {
        const a: Obj | undefined = csv.metadata?.annotations;
        return isObj(a) && 'alm-examples' in a && 'olm.examples' in a
          ? [{ object, message: 'both alm-examples and olm.examples are set; only alm-examples is used' }]
          : [];
      }),
  },
  {
    name: 'csv-examples-json',
    validator: 'csv',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) => {
        const parsed = parseExamples(csv);
        return parsed !== undefined && 'error' in parsed
          ? [{ object, message: `alm-examples is not valid JSON: ${parsed.error}` }]
          : [];
      }),
  },
  {
    name: 'csv-examples-not-list',
    validator: 'csv',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) => {
        const parsed = parseExamples(csv);
        if (parsed === undefined || 'error' in parsed) return [];
        return Array.isArray(parsed.value) && parsed.value.every(isObj)
          ? []
          : [{ object, message: 'alm-examples must be a JSON array of objects' }];
      }),
  },
  {
    name: 'csv-owned-crd-name',
    validator: 'csv',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) =>
        asObjArray(csv.spec?.customresourcedefinitions?.owned)
          .filter((e) => !String(e.name ?? '').includes('.'))
          .map((e) => ({
            object,
            message: `owned CRD name "${String(e.name)}" has no group: expected <plural>.<group>`,
          })),
      ),
  },
  {
    name: 'csv-example-not-provided',
    validator: 'csv',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) => {
        const parsed = parseExamples(csv);
        if (parsed === undefined || 'error' in parsed || !Array.isArray(parsed.value)) return [];
        const provided = providedApis(csv);
        return parsed.value.filter(isObj).flatMap((ex) => {
          const { group, version, kind } = gvkOf(ex);
          return provided.has(`${group}/${version}/${kind}`)
            ? []
            : [
                {
                  object,
                  message: `example ${String(ex.apiVersion)}, Kind=${kind} must have a provided API (an owned CRD or APIService)`,
                },
              ];
        });
      }),
  },
  {
    name: 'csv-api-without-example',
    validator: 'csv',
    severity: 'warning',
    run: (v) =>
      withCsv(v, (csv, object) => {
        const parsed = parseExamples(csv);
        if (parsed !== undefined && 'error' in parsed) return [];
        const examples = parsed !== undefined && Array.isArray(parsed.value) ? parsed.value.filter(isObj) : [];
        const have = new Set(
          examples.map((e) => {
            const g = gvkOf(e);
            return `${g.group}/${g.version}/${g.kind}`;
          }),
        );
        return [...providedApis(csv)]
          .filter((api) => !have.has(api))
          .map((api) => ({ object, message: `provided API ${api} should have an example in alm-examples` }));
      }),
  },
  {
    name: 'csv-install-modes-empty',
    validator: 'csv',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) =>
        installModes(csv).length === 0 ? [{ object, message: 'spec.installModes is empty' }] : [],
      ),
  },
  {
    // In operator-framework/api pkg/validation/internal/csv.go (validateInstallModes) this check never
    // fires: the loop looks each type up in installModeSet but never adds to it.
    name: 'csv-install-modes-duplicate',
    validator: 'csv',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) => {
        const seen = new Set<string>();
        const out: RawFinding[] = [];
        for (const m of installModes(csv)) {
          const t = String(m.type);
          if (seen.has(t)) out.push({ object, message: `installMode ${t} is listed more than once` });
          seen.add(t);
        }
        return out;
      }),
  },
  {
    name: 'csv-conversion-install-modes',
    validator: 'csv',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) => {
        if (
          !asObjArray(csv.spec?.webhookdefinitions).some(
            (w) => Array.isArray(w.conversionCRDs) && w.conversionCRDs.length > 0,
          )
        )
          return [];
        const ok =
          installModes(csv).every((m) => (m.type === 'AllNamespaces') === (m.supported === true)) &&
          installModes(csv).some((m) => m.type === 'AllNamespaces');
        return ok
          ? []
          : [
              {
                object,
                message: 'a CSV with conversion webhooks must support AllNamespaces and no other install mode',
              },
            ];
      }),
  },
  {
    name: 'csv-install-modes-none-supported',
    validator: 'csv',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) =>
        installModes(csv).length > 0 && !installModes(csv).some((m) => m.supported === true)
          ? [{ object, message: 'no installMode is supported' }]
          : [],
      ),
  },
  {
    name: 'csv-min-kube-version-missing',
    validator: 'csv',
    severity: 'warning',
    run: (v) =>
      withCsv(v, (csv, object) =>
        String(csv.spec?.minKubeVersion ?? '').trim() === ''
          ? [
              {
                object,
                message:
                  'spec.minKubeVersion is not set: the operator may be installed on clusters it does not support',
              },
            ]
          : [],
      ),
  },
  {
    name: 'csv-min-kube-version-format',
    validator: 'csv',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) => {
        const m = String(csv.spec?.minKubeVersion ?? '').trim();
        return m !== '' && !isStrictSemver(m)
          ? [{ object, message: `spec.minKubeVersion "${m}" is not a semantic version like 1.28.0` }]
          : [];
      }),
  },
  {
    name: 'csv-required-field',
    validator: 'csv',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) =>
        requiredFieldProblems(csv).map((f) => ({ object, message: `required field ${f} is missing` })),
      ),
  },
  {
    name: 'csv-annotation-case',
    validator: 'csv',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) =>
        Object.keys(isObj(csv.metadata?.annotations) ? csv.metadata.annotations : {}).flatMap((k) => {
          const r = RESERVED_ANNOTATIONS.find((x) => x.toLowerCase() === k.toLowerCase());
          return r !== undefined && r !== k ? [{ object, message: `annotation "${k}" must be spelled "${r}"` }] : [];
        }),
      ),
  },
  {
    name: 'csv-olm-properties-annotation',
    validator: 'csv',
    severity: 'warning',
    run: (v) =>
      withCsv(v, (csv, object) =>
        isObj(csv.metadata?.annotations) && 'olm.properties' in csv.metadata.annotations
          ? [
              {
                object,
                message: 'the olm.properties annotation is deprecated: put properties in metadata/properties.yaml',
              },
            ]
          : [],
      ),
  },
  {
    name: 'csv-type-meta',
    validator: 'csv',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) => {
        const { version, kind } = gvkOf(csv);
        return version === '' || kind === '' || !String(csv.apiVersion).includes('/')
          ? [{ object, message: 'apiVersion must be operators.coreos.com/v1alpha1 and kind ClusterServiceVersion' }]
          : [];
      }),
  },
];
