import { ANNOTATION } from '../model/annotations.js';
import { gvkOf, isObj } from '../model/objects.js';
import { isSemverRange } from '../model/semver.js';
import type { BundleView, CheckDefinition, RawFinding } from './types.js';

const REQUIRED_KEYS = [
  ANNOTATION.mediaType,
  ANNOTATION.manifests,
  ANNOTATION.metadata,
  ANNOTATION.package,
  ANNOTATION.channels,
];

function annotationsObject(v: BundleView): string {
  return v.annotationsPath ?? 'metadata/annotations.yaml';
}

/** detectMediaType follows operator-registry: registry+v1 when manifests/ holds a CSV, helm for a chart, plain otherwise. */
function detectMediaType(v: BundleView): string {
  if ([...v.files.keys()].includes('manifests/Chart.yaml')) return 'helm';
  return v.manifests.some((m) => gvkOf(m.obj).kind === 'ClusterServiceVersion') ? 'registry+v1' : 'plain';
}

function deps(v: BundleView, type: string, check: (value: Record<string, unknown>) => string[]): RawFinding[] {
  if (v.dependencies === undefined) return [];
  const out: RawFinding[] = [];
  v.dependencies.entries.forEach((entry, i) => {
    if (!isObj(entry) || entry.type !== type) return;
    const value = isObj(entry.value) ? entry.value : {};
    for (const message of check(value))
      out.push({ object: `${v.dependencies?.path ?? ''} dependencies[${i}]`, message });
  });
  return out;
}

const KNOWN_DEPENDENCY_TYPES = ['olm.gvk', 'olm.package', 'olm.label', 'olm.constraint'];

/**
 * formatChecks are operator-registry's bundle format checks: pkg/lib/bundle/validate.go
 * (ValidateBundleFormat, validateAnnotations, validateDependencies; the dependency value checks are the
 * Validate methods in pkg/registry/types.go).
 */
export const formatChecks: CheckDefinition[] = [
  {
    name: 'format-manifests-dir',
    validator: 'format',
    severity: 'error',
    run: (v) => (v.hasManifestsDir ? [] : [{ object: 'manifests/', message: 'bundle has no manifests/ directory' }]),
  },
  {
    name: 'format-metadata-dir',
    validator: 'format',
    severity: 'error',
    run: (v) => (v.hasMetadataDir ? [] : [{ object: 'metadata/', message: 'bundle has no metadata/ directory' }]),
  },
  {
    name: 'format-manifests-empty',
    validator: 'format',
    severity: 'error',
    run: (v) =>
      v.hasManifestsDir && ![...v.files.keys()].some((k) => /^manifests\/[^/]+$/.test(k))
        ? [{ object: 'manifests/', message: 'manifests/ is empty: the bundle media type cannot be determined' }]
        : [],
  },
  {
    name: 'format-annotations-file',
    validator: 'format',
    severity: 'error',
    run: (v) =>
      v.hasMetadataDir && v.annotations === undefined
        ? [
            {
              object: 'metadata/',
              message: 'could not find an annotations file: no file in metadata/ has a non-empty `annotations:` map',
            },
          ]
        : [],
  },
  {
    name: 'format-annotation-missing',
    validator: 'format',
    severity: 'error',
    run: (v) =>
      v.annotations === undefined
        ? []
        : REQUIRED_KEYS.filter((k) => !(k in (v.annotations ?? {}))).map((k) => ({
            object: annotationsObject(v),
            message: `required annotation ${k} is missing`,
          })),
  },
  {
    name: 'format-mediatype-mismatch',
    validator: 'format',
    severity: 'error',
    run: (v) => {
      const declared = v.annotations?.[ANNOTATION.mediaType];
      const detected = detectMediaType(v);
      return declared === undefined || declared === detected || !v.hasManifestsDir
        ? []
        : [
            {
              object: annotationsObject(v),
              message: `${ANNOTATION.mediaType} is "${declared}" but the manifests are ${detected}`,
            },
          ];
    },
  },
  {
    name: 'format-channels-empty',
    validator: 'format',
    severity: 'error',
    run: (v) => {
      const channels = v.annotations?.[ANNOTATION.channels];
      return channels !== undefined && channels.split(',').every((c) => c.trim() === '')
        ? [
            {
              object: annotationsObject(v),
              message: `${ANNOTATION.channels} is empty: a bundle must be in at least one channel`,
            },
          ]
        : [];
    },
  },
  {
    name: 'format-default-channel-empty',
    validator: 'format',
    severity: 'error',
    run: (v) =>
      v.annotations !== undefined &&
      ANNOTATION.defaultChannel in v.annotations &&
      v.annotations[ANNOTATION.defaultChannel]?.trim() === ''
        ? [{ object: annotationsObject(v), message: `${ANNOTATION.defaultChannel} is present but empty` }]
        : [],
  },
  {
    // operator-registry pkg/lib/bundle/validate.go (validateAnnotations) means to require these values but
    // never compares the file's value: the manifests.v1 case compares the expected "manifests/" with
    // itself, and the metadata case switches on "metadata/", which is no annotation key. So any value
    // passes there. operator-ts checks the values OLM actually reads the files from.
    name: 'format-directory-annotations',
    validator: 'format',
    severity: 'error',
    run: (v) => {
      const out: RawFinding[] = [];
      for (const [key, want] of [
        [ANNOTATION.manifests, 'manifests/'],
        [ANNOTATION.metadata, 'metadata/'],
      ] as const) {
        const got = v.annotations?.[key];
        if (got !== undefined && got !== want)
          out.push({ object: annotationsObject(v), message: `${key} is "${got}", expected "${want}"` });
      }
      return out;
    },
  },
  {
    name: 'format-dependency-gvk',
    validator: 'format',
    severity: 'error',
    run: (v) =>
      deps(v, 'olm.gvk', (val) =>
        ['group', 'version', 'kind']
          .filter((k) => typeof val[k] !== 'string' || val[k] === '')
          .map((k) => `olm.gvk dependency has an empty ${k}`),
      ),
  },
  {
    name: 'format-dependency-package',
    validator: 'format',
    severity: 'error',
    run: (v) =>
      deps(v, 'olm.package', (val) => {
        const out: string[] = [];
        if (typeof val.packageName !== 'string' || val.packageName === '')
          out.push('olm.package dependency has an empty packageName');
        if (typeof val.version !== 'string' || val.version === '')
          out.push('olm.package dependency has an empty version');
        else if (!isSemverRange(val.version))
          out.push(`olm.package dependency version "${val.version}" is not a semver range`);
        return out;
      }),
  },
  {
    name: 'format-dependency-label',
    validator: 'format',
    severity: 'error',
    run: (v) =>
      deps(v, 'olm.label', (val) =>
        typeof val.label !== 'string' || val.label === '' ? ['olm.label dependency has an empty label'] : [],
      ),
  },
  {
    // CEL compilation (upstream: the rule must compile in OLM's CEL environment) is not done: no CEL
    // library is available; presence and non-emptiness are checked.
    name: 'format-dependency-constraint',
    validator: 'format',
    severity: 'error',
    run: (v) =>
      deps(v, 'olm.constraint', (val) => {
        if (val.cel === undefined)
          return val.all !== undefined ||
            val.any !== undefined ||
            val.not !== undefined ||
            val.gvk !== undefined ||
            val.package !== undefined
            ? []
            : ['olm.constraint dependency has no cel (or other constraint)'];
        const rule = isObj(val.cel) ? val.cel.rule : undefined;
        return typeof rule !== 'string' || rule.trim() === ''
          ? ['olm.constraint dependency has an empty cel.rule']
          : [];
      }),
  },
  {
    // In operator-registry pkg/lib/bundle/validate.go (validateDependencies) the "unsupported dependency
    // type" branch cannot run: Dependency.GetTypeValue (pkg/registry/types.go) returns nil for an unknown
    // type, so it is reported as "couldn't parse dependency of type X". operator-ts names the type and the
    // supported ones.
    name: 'format-dependency-type',
    validator: 'format',
    severity: 'error',
    run: (v) =>
      (v.dependencies?.entries ?? []).flatMap((entry, i) => {
        const type = isObj(entry) ? entry.type : undefined;
        return typeof type === 'string' && KNOWN_DEPENDENCY_TYPES.includes(type)
          ? []
          : [
              {
                object: `${v.dependencies?.path ?? ''} dependencies[${i}]`,
                message: `unsupported dependency type ${JSON.stringify(type)}; use one of ${KNOWN_DEPENDENCY_TYPES.join(', ')}`,
              },
            ];
      }),
  },
];
