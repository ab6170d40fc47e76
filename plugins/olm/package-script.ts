import type { FileDescriptor, ReadonlyTree } from '../../src/index.js';

/** BUNDLE_SCRIPT is the npm script that renders config/manifests and packages it as an OLM bundle (make bundle without make). */
export const BUNDLE_SCRIPT = {
  name: 'olm:bundle',
  command:
    'npm run manifests && kubectl kustomize config/manifests | operator-ts generate bundle -q --version $npm_package_version && operator-ts bundle validate bundle',
} as const;

/**
 * packageScriptDescriptor returns package.json with the bundle script added, or undefined when there is
 * no package.json (the olm plugin used without the typescript plugin) or the script is already there
 * (an author's own version of it is kept). The file is parsed and re-serialised, never edited as text.
 */
export function packageScriptDescriptor(tree: ReadonlyTree): FileDescriptor | undefined {
  const text = tree.read('package.json');
  if (text === undefined) return undefined;
  let pkg: unknown;
  try {
    pkg = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof pkg !== 'object' || pkg === null || Array.isArray(pkg)) return undefined;
  const obj = pkg as Record<string, unknown>;
  const scripts =
    typeof obj['scripts'] === 'object' && obj['scripts'] !== null ? (obj['scripts'] as Record<string, unknown>) : {};
  if (scripts[BUNDLE_SCRIPT.name] !== undefined) return undefined;
  obj['scripts'] = { ...scripts, [BUNDLE_SCRIPT.name]: BUNDLE_SCRIPT.command };
  return { kind: 'generated', path: 'package.json', format: 'json', object: obj, ifExists: 'overwrite' };
}
