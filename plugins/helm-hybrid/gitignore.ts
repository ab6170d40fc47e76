import type { FileDescriptor, ReadonlyTree } from '../../src/index.js';

/** ARCHIVES_KEPT is the .gitignore line that lets git see packaged charts under charts/ despite `*.tgz`. */
export const ARCHIVES_KEPT = '!charts/**/*.tgz';

/**
 * gitignoreKeepingArchives lets git see the packaged sub-charts of a copied chart: the scaffold's .gitignore
 * ignores `*.tgz` (npm pack output), but `charts/<name>/charts/*.tgz` are part of the chart the image is
 * built with. Nothing changes for a chart without archives, a .gitignore without that line, or one that
 * already has the exception.
 */
export function gitignoreKeepingArchives(tree: ReadonlyTree, chartFiles: Iterable<string>): FileDescriptor | undefined {
  if (![...chartFiles].some((path) => path.endsWith('.tgz'))) return undefined;
  const text = tree.read('.gitignore');
  if (text === undefined) return undefined;
  const lines = text.split('\n');
  const at = lines.indexOf('*.tgz');
  if (at < 0 || lines.includes(ARCHIVES_KEPT)) return undefined;
  lines.splice(at + 1, 0, ARCHIVES_KEPT);
  return { kind: 'generated', path: '.gitignore', content: lines.join('\n'), ifExists: 'overwrite' };
}
