import { ANNOTATION } from '../model/annotations.js';
import { asObjArray, describeObject, isObj, type Obj } from '../model/objects.js';
import { isStrictSemver } from '../model/semver.js';
import type { BundleView, CheckDefinition, RawFinding } from './types.js';

function withCsv(v: BundleView, fn: (csv: Obj, object: string) => RawFinding[]): RawFinding[] {
  return v.csv === undefined ? [] : fn(v.csv.obj, describeObject(v.csv.obj));
}

const anyOf = (list: unknown, values: string[]): boolean =>
  Array.isArray(list) && list.some((x) => values.includes(String(x)));

/**
 * goodPracticeChecks are operator-framework/api's good-practices validator,
 * pkg/validation/internal/good_practices.go (validateGoodPracticesFrom). The resource-request and
 * channel-naming checks differ from upstream (see below).
 */
export const goodPracticeChecks: CheckDefinition[] = [
  {
    name: 'gp-deployments',
    validator: 'good-practices',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) =>
        Array.isArray(csv.spec?.install?.spec?.deployments)
          ? []
          : [{ object, message: 'spec.install.spec.deployments is not set' }],
      ),
  },
  {
    // operator-framework/api pkg/validation/internal/good_practices.go (validateResourceRequests) warns
    // only for a nil `requests`: it then tests len(Requests.Cpu().String()) != 0, and a missing quantity
    // prints as "0", so `requests: {}` or a missing cpu or memory passes. operator-ts names each missing
    // request.
    name: 'gp-resource-requests',
    validator: 'good-practices',
    severity: 'warning',
    run: (v) =>
      withCsv(v, (csv, object) =>
        asObjArray(csv.spec?.install?.spec?.deployments).flatMap((d) =>
          asObjArray(d.spec?.template?.spec?.containers).flatMap((c) => {
            const req: Obj = isObj(c.resources?.requests) ? c.resources.requests : {};
            const missing = ['cpu', 'memory'].filter((k) => req[k] === undefined || req[k] === null || req[k] === '');
            return missing.length === 0
              ? []
              : [
                  {
                    object,
                    message: `deployment ${String(d.name)} container ${String(c.name)} has no resources.requests for ${missing.join(' and ')}`,
                  },
                ];
          }),
        ),
      ),
  },
  {
    name: 'gp-crd-description',
    validator: 'good-practices',
    severity: 'warning',
    run: (v) =>
      withCsv(v, (csv, object) =>
        ['owned', 'required'].flatMap((section) =>
          asObjArray(csv.spec?.customresourcedefinitions?.[section])
            .filter((e) => String(e.description ?? '').trim() === '')
            .map((e) => ({
              object,
              message: `${section} CRD ${String(e.name)} ${String(e.version)} has no description (set it with the type's doc comment or in the base CSV)`,
            })),
        ),
      ),
  },
  {
    // operator-framework/api pkg/validation/internal/good_practices.go (validateHubChannels) checks the
    // bundle's channels, which pkg/manifests/bundleloader.go takes from an annotations file inside the
    // directory it loads. operator-sdk's `bundle validate` loads only manifests/ (internal/cmd/
    // operator-sdk/bundle/validate/validate.go, getBundleDataFromDir), so the channels are empty and the
    // warning never fires (reported in operator-framework/operator-sdk#5586; operator-framework/api#231
    // added the annotations loading, which does not reach metadata/). operator-ts reads
    // metadata/annotations.yaml.
    name: 'gp-channel-naming',
    validator: 'good-practices',
    severity: 'warning',
    run: (v) => {
      const a = v.annotations ?? {};
      const names = new Set(
        [...(a[ANNOTATION.channels] ?? '').split(','), a[ANNOTATION.defaultChannel] ?? '']
          .map((c) => c.trim())
          .filter((c) => c !== ''),
      );
      const bad = [...names].filter((c) => !/^(candidate|stable|fast)/.test(c)).sort();
      return bad.length === 0
        ? []
        : [
            {
              object: v.annotationsPath ?? 'metadata/annotations.yaml',
              message: `channel(s) ${bad.join(', ')} do not follow the candidate/fast/stable naming convention`,
            },
          ];
    },
  },
  {
    name: 'gp-crd-permissions',
    validator: 'good-practices',
    severity: 'warning',
    run: (v) =>
      withCsv(v, (csv, object) => {
        const spec: Obj | undefined = csv.spec?.install?.spec;
        return [...asObjArray(spec?.permissions), ...asObjArray(spec?.clusterPermissions)].flatMap((p) =>
          asObjArray(p.rules)
            .filter(
              (r) =>
                anyOf(r.apiGroups, ['apiextensions.k8s.io']) &&
                anyOf(r.resources, ['customresourcedefinitions', '*', '[*]']) &&
                anyOf(r.verbs, ['create', '*', '[*]', 'patch']),
            )
            .map(() => ({
              object,
              message: `service account ${String(p.serviceAccountName)} may create or patch CRDs: OLM manages the operator's CRDs`,
            })),
        );
      }),
  },
  {
    name: 'gp-csv-name-version',
    validator: 'good-practices',
    severity: 'warning',
    run: (v) =>
      withCsv(v, (csv, object) => {
        const name = String(csv.metadata?.name ?? '');
        const parts = name.split('.v');
        if (parts.length !== 2) return [{ object, message: `CSV name "${name}" should be <package>.v<version>` }];
        return isStrictSemver(parts[1] ?? '')
          ? []
          : [{ object, message: `CSV name "${name}" does not end in a semantic version` }];
      }),
  },
];
