import { UserError } from '../../../errors/user-error.js';
import { bundleChecks } from './bundle-checks.js';
import { contentChecks } from './content-checks.js';
import { crdChecks } from './crd-checks.js';
import { csvChecks } from './csv-checks.js';
import { deprecatedApiChecks } from './deprecated-api-checks.js';
import { formatChecks } from './format-checks.js';
import { goodPracticeChecks } from './good-practice-checks.js';
import { objectChecks } from './object-checks.js';
import { olmInstallChecks } from './olm-install-checks.js';
import { operatorHubChecks } from './operatorhub-checks.js';
import type { CheckDefinition, ValidatorName } from './types.js';

/** ALL_CHECKS lists every check in the order they run. */
export const ALL_CHECKS: readonly CheckDefinition[] = [
  ...formatChecks,
  ...contentChecks,
  ...csvChecks,
  ...olmInstallChecks,
  ...crdChecks,
  ...bundleChecks,
  ...operatorHubChecks,
  ...deprecatedApiChecks,
  ...goodPracticeChecks,
  ...objectChecks,
];

/** DEFAULT_VALIDATORS always run (operator-sdk's non-optional validation). */
export const DEFAULT_VALIDATORS: readonly ValidatorName[] = ['format', 'content', 'csv', 'crd', 'bundle'];

/**
 * OPTIONAL_VALIDATORS are selected by label, like operator-sdk's `--select-optional`. `objects` is in the
 * suite here (upstream it only runs in opm); the deprecated operatorhub, community and multiarch
 * validators are not implemented.
 */
export const OPTIONAL_VALIDATORS: Readonly<
  Record<string, { labels: Record<string, string>; validators: ValidatorName[] }>
> = {
  operatorhubv2: {
    labels: { name: 'operatorhubv2', suite: 'operatorframework' },
    validators: ['operatorhubv2', 'alpha-deprecated-apis'],
  },
  capabilities: { labels: { name: 'capabilities', suite: 'operatorframework' }, validators: ['capabilities'] },
  categories: { labels: { name: 'categories', suite: 'operatorframework' }, validators: ['categories'] },
  'alpha-deprecated-apis': {
    labels: { name: 'alpha-deprecated-apis', suite: 'operatorframework' },
    validators: ['alpha-deprecated-apis'],
  },
  'good-practices': { labels: { name: 'good-practices', suite: 'operatorframework' }, validators: ['good-practices'] },
  objects: { labels: { name: 'objects', suite: 'operatorframework' }, validators: ['objects'] },
};

/**
 * selectChecks returns the checks to run: the default ones plus the optional ones matched by any of the
 * selectors. A selector is a comma-separated list of `key=value` requirements that must all hold;
 * keys are `name` and `suite` (validator labels) or `check` (one check by its stable name). A selector
 * that matches nothing is a UserError, as upstream.
 */
export function selectChecks(selectors: readonly string[] = []): CheckDefinition[] {
  const validators = new Set<ValidatorName>(DEFAULT_VALIDATORS);
  const singles = new Set<string>();
  for (const selector of selectors) {
    const reqs = selector
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .map((s) => {
        const eq = s.indexOf('=');
        if (eq <= 0)
          throw new UserError(`invalid selector "${selector}"`, {
            hint: 'use key=value pairs, e.g. --select-optional suite=operatorframework or name=good-practices or check=hub-icon',
          });
        return [s.slice(0, eq).trim(), s.slice(eq + 1).trim()] as const;
      });
    let matched = false;
    const checkReq = reqs.find(([k]) => k === 'check');
    if (checkReq !== undefined) {
      const found = ALL_CHECKS.find((c) => c.name === checkReq[1]);
      if (found !== undefined) {
        singles.add(found.name);
        matched = true;
      }
    } else {
      for (const opt of Object.values(OPTIONAL_VALIDATORS)) {
        if (reqs.every(([k, val]) => opt.labels[k] === val)) {
          for (const name of opt.validators) validators.add(name);
          matched = true;
        }
      }
    }
    if (!matched) {
      throw new UserError(`--select-optional "${selector}" matches no validator`, {
        hint: `known: suite=operatorframework, name=${Object.keys(OPTIONAL_VALIDATORS).join('|')}, check=<check name> (operator-ts bundle validate --list-optional)`,
      });
    }
  }
  return ALL_CHECKS.filter((c) => validators.has(c.validator) || singles.has(c.name));
}
