import semver from 'semver';
import { asObjArray, describeObject, gvkOf, type Obj } from '../model/objects.js';
import type { BundleView, CheckDefinition, RawFinding, Severity, ValidationContext } from './types.js';

const REMOVED: Record<string, string[]> = {
  '1.22': [
    'apiextensions.k8s.io/v1beta1/CustomResourceDefinition',
    'scheduling.k8s.io/v1beta1/PriorityClass',
    'rbac.authorization.k8s.io/v1beta1/Role',
    'rbac.authorization.k8s.io/v1beta1/ClusterRole',
    'rbac.authorization.k8s.io/v1beta1/RoleBinding',
    'rbac.authorization.k8s.io/v1beta1/ClusterRoleBinding',
    'apiregistration.k8s.io/v1beta1/APIService',
    'authentication.k8s.io/v1beta1/TokenReview',
    'authorization.k8s.io/v1beta1/LocalSubjectAccessReview',
    'authorization.k8s.io/v1beta1/SelfSubjectAccessReview',
    'authorization.k8s.io/v1beta1/SubjectAccessReview',
    'admissionregistration.k8s.io/v1beta1/MutatingWebhookConfiguration',
    'admissionregistration.k8s.io/v1beta1/ValidatingWebhookConfiguration',
    'coordination.k8s.io/v1beta1/Lease',
    'extensions/v1beta1/Ingress',
    'networking.k8s.io/v1beta1/Ingress',
    'networking.k8s.io/v1beta1/IngressClass',
    'storage.k8s.io/v1beta1/CSIDriver',
    'storage.k8s.io/v1beta1/CSINode',
    'storage.k8s.io/v1beta1/StorageClass',
    'storage.k8s.io/v1beta1/VolumeAttachment',
    'certificates.k8s.io/v1beta1/CertificateSigningRequest',
  ],
  '1.25': [
    'batch/v1beta1/CronJob',
    'discovery.k8s.io/v1beta1/EndpointSlice',
    'events.k8s.io/v1beta1/Event',
    'autoscaling/v2beta1/HorizontalPodAutoscaler',
    'policy/v1beta1/PodDisruptionBudget',
    'policy/v1beta1/PodSecurityPolicy',
    'node.k8s.io/v1beta1/RuntimeClass',
  ],
  '1.26': ['autoscaling/v2beta2/HorizontalPodAutoscaler'],
};

/** REMOVED_1_25_RESOURCES are the group/resource pairs upstream looks for in CSV permission rules (always a warning). */
const REMOVED_1_25_RESOURCES = new Set([
  'batch/cronjobs',
  'discovery.k8s.io/endpointslices',
  'events.k8s.io/events',
  'autoscaling/horizontalpodautoscalers',
  'policy/poddisruptionbudgets',
  'policy/podsecuritypolicies',
  'node.k8s.io/runtimeclasses',
]);

function severityFor(target: string, v: BundleView, ctx: ValidationContext): Severity {
  const t = `${target}.0`;
  const k8s = semver.coerce(ctx.optionalValues['k8s-version'] ?? '');
  const min = semver.coerce(String(v.csv?.obj.spec?.minKubeVersion ?? ''));
  return (k8s !== null && semver.gte(k8s, t)) || (min !== null && semver.gte(min, t)) ? 'error' : 'warning';
}

function usages(v: BundleView, removed: string[]): RawFinding[] {
  const out: RawFinding[] = [];
  for (const m of v.manifests) {
    const { group, version, kind } = gvkOf(m.obj);
    if (removed.includes(`${group}/${version}/${kind}`))
      out.push({ object: `${m.path} ${describeObject(m.obj)}`, message: `uses ${m.obj.apiVersion as string} ${kind}` });
  }
  const csv: Obj | undefined = v.csv?.obj;
  for (const section of ['owned', 'required']) {
    for (const e of asObjArray(csv?.spec?.customresourcedefinitions?.[section])) {
      for (const r of asObjArray(e.resources)) {
        const hit = removed.find((x) => x.endsWith(`/${String(r.version)}/${String(r.kind)}`));
        if (hit !== undefined)
          out.push({
            object: describeObject(csv ?? {}),
            message: `${section} CRD ${String(e.name)} lists resource ${hit}`,
          });
      }
    }
  }
  return out;
}

function targetCheck(target: string): CheckDefinition {
  return {
    name: `deprecated-api-${target}`,
    validator: 'alpha-deprecated-apis',
    severity: 'warning',
    run: (v, ctx) => {
      const sev = severityFor(target, v, ctx);
      return usages(v, REMOVED[target] ?? []).map((f) => ({
        ...f,
        severity: sev,
        message: `${f.message}, removed in Kubernetes ${target}; migrate to the GA API`,
      }));
    },
  };
}

/**
 * deprecatedApiChecks are operator-framework/api's alpha-deprecated-apis validator,
 * pkg/validation/internal/removed_apis.go (validateDeprecatedAPIS, getRemovedAPIsOn1_22From and its 1.25
 * and 1.26 siblings), one check per removal release.
 */
export const deprecatedApiChecks: CheckDefinition[] = [
  {
    name: 'deprecated-api-k8s-version',
    validator: 'alpha-deprecated-apis',
    severity: 'error',
    run: (v, ctx) => {
      const out: RawFinding[] = [];
      const k8s = ctx.optionalValues['k8s-version'];
      if (k8s !== undefined && semver.coerce(k8s) === null)
        out.push({ object: 'optional-values', message: `k8s-version "${k8s}" is not a version` });
      const min = String(v.csv?.obj.spec?.minKubeVersion ?? '');
      if (min !== '' && semver.coerce(min) === null)
        out.push({
          object: describeObject(v.csv?.obj ?? {}),
          message: `spec.minKubeVersion "${min}" is not a version`,
        });
      return out;
    },
  },
  targetCheck('1.22'),
  targetCheck('1.25'),
  targetCheck('1.26'),
  {
    name: 'deprecated-api-permissions',
    validator: 'alpha-deprecated-apis',
    severity: 'warning',
    run: (v) => {
      const csv: Obj | undefined = v.csv?.obj;
      const spec: Obj | undefined = csv?.spec?.install?.spec;
      // Like upstream, resources an owned/required CRD lists (as `<kind>s`) are the operator's own concern.
      const listed = new Set(
        ['owned', 'required']
          .flatMap((s) => asObjArray(csv?.spec?.customresourcedefinitions?.[s]))
          .flatMap((e) => asObjArray(e.resources))
          .map((r) => `${String(r.kind).toLowerCase()}s`),
      );
      const out: RawFinding[] = [];
      for (const field of ['clusterPermissions', 'permissions']) {
        asObjArray(spec?.[field]).forEach((p, i) => {
          asObjArray(p.rules).forEach((r, j) => {
            for (const group of (r.apiGroups ?? []) as string[]) {
              for (const resource of (r.resources ?? []) as string[]) {
                if (listed.has(resource) || !REMOVED_1_25_RESOURCES.has(`${group}/${resource}`)) continue;
                out.push({
                  object: describeObject(csv ?? {}),
                  message: `spec.install.spec.${field}[${i}].rules[${j}] grants ${group}/${resource}, an API with a version removed in Kubernetes 1.25; RBAC rules have no version, so this only matters if the operator still uses the removed version (upstream warns the same)`,
                });
              }
            }
          });
        });
      }
      return out;
    },
  },
];
