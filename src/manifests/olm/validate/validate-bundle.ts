import { join } from 'node:path';
import { isDirectory, readTree } from '../fs/tree.js';
import { loadBundleView } from './bundle-view.js';
import { selectChecks } from './registry.js';
import type { Finding } from './types.js';

/** ValidateOptions pick optional validators and pass their values. */
export interface ValidateOptions {
  /** Label selectors like `suite=operatorframework`, `name=good-practices`, `check=hub-icon`. */
  selectOptional?: string[];
  /** operator-sdk's --optional-values, e.g. { 'k8s-version': '1.30' }. */
  optionalValues?: Record<string, string>;
  /** Environment (OPERATOR_BUNDLE_CATEGORIES); defaults to process.env. */
  env?: Record<string, string | undefined>;
}

/**
 * validateBundleFiles validates a bundle held in memory (paths relative to the bundle root; a key ending
 * in '/' marks an empty directory). Findings are sorted errors first, then by check and object. A missing
 * manifests/ or metadata/ directory stops the remaining checks, as upstream.
 */
export function validateBundleFiles(files: ReadonlyMap<string, string>, options: ValidateOptions = {}): Finding[] {
  const view = loadBundleView(files);
  const ctx = { optionalValues: options.optionalValues ?? {}, env: options.env ?? process.env };
  const findings: Finding[] = [];
  for (const check of selectChecks(options.selectOptional)) {
    for (const raw of check.run(view, ctx)) {
      findings.push({
        check: check.name,
        severity: raw.severity ?? check.severity,
        object: raw.object,
        message: raw.message,
      });
    }
    if (
      (check.name === 'format-manifests-dir' || check.name === 'format-metadata-dir') &&
      findings.some((f) => f.check === check.name)
    )
      break;
  }
  return findings;
}

/** validateBundle validates a bundle directory, or files already in memory. */
export async function validateBundle(
  source: string | ReadonlyMap<string, string>,
  options: ValidateOptions = {},
): Promise<Finding[]> {
  const files = typeof source === 'string' ? await readBundleDir(source) : source;
  return validateBundleFiles(files, options);
}

/** readBundleDir reads a bundle directory, recording empty manifests/ and metadata/ directories. */
export async function readBundleDir(dir: string): Promise<Map<string, string>> {
  const files = await readTree(dir);
  for (const sub of ['manifests', 'metadata']) {
    if (await isDirectory(join(dir, sub))) files.set(`${sub}/`, '');
  }
  return files;
}

/** hasErrors tells whether any finding is an error. */
export function hasErrors(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === 'error');
}

/** formatFindings renders findings as text, one per line: `ERROR [check] object: message`. */
export function formatFindings(findings: readonly Finding[]): string {
  if (findings.length === 0) return 'All validation tests have completed successfully\n';
  return findings
    .map((f) => `${f.severity === 'error' ? 'ERROR' : 'WARN '} [${f.check}] ${f.object}: ${f.message}\n`)
    .join('');
}
