import { VirtualTree, type VirtualTreeOptions } from '../machinery/tree.js';

/**
 * writeOutputs writes the generated files under root through the virtual tree's flush, all or nothing
 * (a refused RBAC output leaves the CRDs as they were), skipping files whose content is unchanged;
 * returns what was written and what was already up to date.
 */
export function writeOutputs(
  root: string,
  files: ReadonlyMap<string, string>,
  options: VirtualTreeOptions = {},
): { written: string[]; unchanged: string[] } {
  const tree = new VirtualTree(root, options);
  for (const [path, content] of files) tree.write(path, content);
  const changes = tree.flush();
  return {
    written: changes.filter((c) => c.kind !== 'SKIP').map((c) => c.path),
    unchanged: changes.filter((c) => c.kind === 'SKIP').map((c) => c.path),
  };
}
