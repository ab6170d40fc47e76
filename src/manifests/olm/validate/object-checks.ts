import { asObjArray, describeObject, gvkOf } from '../model/objects.js';
import type { CheckDefinition, ManifestFile, RawFinding } from './types.js';

const DEFAULT_SCCS = [
  'privileged',
  'restricted',
  'anyuid',
  'hostaccess',
  'hostmount-anyuid',
  'hostnetwork',
  'node-exporter',
  'nonroot',
];

function ofKind(kinds: string[], fn: (m: ManifestFile) => string[]): CheckDefinition['run'] {
  return (v) =>
    v.manifests
      .filter((m) => kinds.includes(gvkOf(m.obj).kind))
      .flatMap((m) => fn(m).map((message): RawFinding => ({ object: `${m.path} ${describeObject(m.obj)}`, message })));
}

const has = (list: unknown, values: string[]): boolean =>
  Array.isArray(list) && list.some((x) => values.includes(String(x)));

/**
 * objectChecks are operator-framework/api's object validator, pkg/validation/internal/object.go
 * (validatePDB, validatePriorityClass, validateRBAC), which opm runs as the bundle-objects optional
 * validator. The maxUnavailable check differs from upstream (see below).
 */
export const objectChecks: CheckDefinition[] = [
  {
    // operator-framework/api pkg/validation/internal/object.go (validatePDB) tests `IntVal == 0` without
    // looking at the IntOrString's type, so every string maxUnavailable (e.g. "50%", whose IntVal is 0)
    // is rejected. Only 0 and "0%" block every voluntary eviction and are errors here.
    name: 'object-pdb-max-unavailable',
    validator: 'objects',
    severity: 'error',
    run: ofKind(['PodDisruptionBudget'], (m) => {
      const mu: unknown = m.obj.spec?.maxUnavailable;
      return mu === 0 || mu === '0' || mu === '0%' ? ['maxUnavailable 0 blocks node drains and cluster upgrades'] : [];
    }),
  },
  {
    name: 'object-pdb-min-available',
    validator: 'objects',
    severity: 'error',
    run: ofKind(['PodDisruptionBudget'], (m) =>
      m.obj.spec?.minAvailable === '100%' ? ['minAvailable 100% blocks node drains and cluster upgrades'] : [],
    ),
  },
  {
    name: 'object-priority-class-global-default',
    validator: 'objects',
    severity: 'error',
    run: ofKind(['PriorityClass'], (m) =>
      m.obj.globalDefault === true ? ['globalDefault: true changes the priority of every pod in the cluster'] : [],
    ),
  },
  {
    name: 'object-pdb-permissions',
    validator: 'objects',
    severity: 'warning',
    run: ofKind(['Role', 'ClusterRole'], (m) =>
      asObjArray(m.obj.rules)
        .filter(
          (r) =>
            has(r.apiGroups, ['policy']) &&
            has(r.resources, ['poddisruptionbudgets']) &&
            has(r.verbs, ['*', 'create', 'update', 'patch']),
        )
        .map(() => 'grants write access to PodDisruptionBudgets'),
    ),
  },
  {
    name: 'object-scc-permissions',
    validator: 'objects',
    severity: 'error',
    run: ofKind(['Role', 'ClusterRole'], (m) =>
      asObjArray(m.obj.rules)
        .filter(
          (r) =>
            has(r.apiGroups, ['security.openshift.io']) &&
            has(r.resources, ['securitycontextconstraints']) &&
            has(r.verbs, ['*', 'delete', 'update', 'patch']) &&
            has(r.resourceNames, DEFAULT_SCCS),
        )
        .map(() => 'may modify a default SecurityContextConstraints object'),
    ),
  },
];
