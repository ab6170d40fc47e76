import { readFileSync } from 'node:fs';
import { asObjArray, describeObject, isObj, type Obj } from '../model/objects.js';
import { isStrictSemver } from '../model/semver.js';
import type { BundleView, CheckDefinition, RawFinding } from './types.js';

function withCsv(v: BundleView, fn: (csv: Obj, object: string) => RawFinding[]): RawFinding[] {
  return v.csv === undefined ? [] : fn(v.csv.obj, describeObject(v.csv.obj));
}

const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
const ICON_TYPES = ['image/gif', 'image/jpeg', 'image/png', 'image/svg+xml'];

function isAbsoluteUrl(text: string): boolean {
  try {
    return new URL(text).protocol !== '' && /^[a-z][a-z0-9+.-]*:/i.test(text);
  } catch {
    return false;
  }
}

/** STANDARD_CAPABILITIES are the operator capability levels OperatorHub accepts. */
export const STANDARD_CAPABILITIES = [
  'Basic Install',
  'Seamless Upgrades',
  'Full Lifecycle',
  'Deep Insights',
  'Auto Pilot',
];

/** STANDARD_CATEGORIES are the OperatorHub categories. */
export const STANDARD_CATEGORIES = [
  'AI/Machine Learning',
  'Application Runtime',
  'Big Data',
  'Cloud Provider',
  'Developer Tools',
  'Database',
  'Integration & Delivery',
  'Logging & Tracing',
  'Monitoring',
  'Modernization & Migration',
  'Networking',
  'OpenShift Optional',
  'Security',
  'Storage',
  'Streaming & Messaging',
  'Observability',
];

/**
 * operatorHubChecks are operator-framework/api's operatorhubv2, capabilities and categories validators:
 * pkg/validation/internal/operatorhubv2.go (validateHubCSVSpecV2, which calls the checkSpec* functions
 * of operatorhub.go; its deprecated-API part is deprecated-api-checks.ts), standardcapabilities.go
 * (checkCapabilities) and standardcategories.go (checkCategories).
 */
export const operatorHubChecks: CheckDefinition[] = [
  {
    name: 'hub-provider',
    validator: 'operatorhubv2',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) =>
        String(csv.spec?.provider?.name ?? '').trim() === ''
          ? [{ object, message: 'spec.provider.name is required by OperatorHub' }]
          : [],
      ),
  },
  {
    name: 'hub-maintainers',
    validator: 'operatorhubv2',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) =>
        asObjArray(csv.spec?.maintainers).flatMap((m, i) => {
          const out: RawFinding[] = [];
          if (!m.name || !m.email) out.push({ object, message: `spec.maintainers[${i}] needs a name and an email` });
          else if (!EMAIL_RE.test(String(m.email)))
            out.push({ object, message: `spec.maintainers[${i}].email "${String(m.email)}" is not a valid address` });
          return out;
        }),
      ),
  },
  {
    name: 'hub-links',
    validator: 'operatorhubv2',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) =>
        asObjArray(csv.spec?.links).flatMap((l, i) => {
          if (!l.name || !l.url) return [{ object, message: `spec.links[${i}] needs a name and a url` }];
          return isAbsoluteUrl(String(l.url))
            ? []
            : [{ object, message: `spec.links[${i}].url "${String(l.url)}" is not an absolute URL` }];
        }),
      ),
  },
  {
    name: 'hub-version',
    validator: 'operatorhubv2',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) => {
        const ver = String(csv.spec?.version ?? '');
        return ver === '' || ver === '0.0.0'
          ? [{ object, message: 'spec.version must be set to a non-zero version' }]
          : [];
      }),
  },
  {
    // operator-framework/api pkg/validation/internal/operatorhub.go (checkSpecIcon) reports a count other
    // than one, then reads Icon[0] anyway, so `icon: []` panics with an index out of range. Here it is an
    // ordinary error.
    name: 'hub-icon',
    validator: 'operatorhubv2',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) => {
        const icon: unknown = csv.spec?.icon;
        if (icon === undefined || icon === null)
          return [{ object, message: 'spec.icon is not set', severity: 'warning' }];
        const icons = asObjArray(icon);
        if (!Array.isArray(icon) || icons.length !== 1)
          return [
            {
              object,
              message: `spec.icon must have exactly one entry, found ${Array.isArray(icon) ? icon.length : 0}`,
            },
          ];
        const first = icons[0] ?? {};
        const out: RawFinding[] = [];
        if (!first.base64data || !first.mediatype)
          out.push({ object, message: 'spec.icon[0] needs base64data and mediatype' });
        else if (!ICON_TYPES.includes(String(first.mediatype)))
          out.push({
            object,
            message: `spec.icon[0].mediatype "${String(first.mediatype)}" must be one of ${ICON_TYPES.join(', ')}`,
          });
        return out;
      }),
  },
  {
    name: 'hub-min-kube-version',
    validator: 'operatorhubv2',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) => {
        const m = String(csv.spec?.minKubeVersion ?? '').trim();
        if (m === '') return [{ object, message: 'spec.minKubeVersion should be set', severity: 'warning' }];
        return isStrictSemver(m) ? [] : [{ object, message: `spec.minKubeVersion "${m}" is not a valid version` }];
      }),
  },
  {
    name: 'capabilities-value',
    validator: 'capabilities',
    severity: 'error',
    run: (v) =>
      withCsv(v, (csv, object) => {
        const a: Obj = isObj(csv.metadata?.annotations) ? csv.metadata.annotations : {};
        if (!('capabilities' in a)) return [];
        return STANDARD_CAPABILITIES.includes(String(a.capabilities))
          ? []
          : [
              {
                object,
                message: `capabilities "${String(a.capabilities)}" must be one of ${STANDARD_CAPABILITIES.join(', ')}`,
              },
            ];
      }),
  },
  {
    name: 'categories-value',
    validator: 'categories',
    severity: 'error',
    run: (v, ctx) =>
      withCsv(v, (csv, object) => {
        const a: Obj = isObj(csv.metadata?.annotations) ? csv.metadata.annotations : {};
        if (!('categories' in a)) return [];
        let allowed = STANDARD_CATEGORIES;
        const file = ctx.env.OPERATOR_BUNDLE_CATEGORIES;
        if (file !== undefined && file !== '') {
          try {
            const parsed = JSON.parse(readFileSync(file, 'utf8')) as { categories?: unknown };
            allowed = Array.isArray(parsed.categories) ? parsed.categories.map(String) : [];
          } catch (err) {
            return [
              { object: file, message: `cannot read OPERATOR_BUNDLE_CATEGORIES file: ${(err as Error).message}` },
            ];
          }
        }
        return String(a.categories)
          .split(',')
          .map((c) => c.trim())
          .filter((c) => !allowed.includes(c))
          .map((c) => ({ object, message: `category "${c}" is not one of the allowed categories` }));
      }),
  },
];
