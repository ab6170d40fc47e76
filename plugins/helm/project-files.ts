import type { FileDescriptor, HookContext, ReadonlyTree } from '../../src/index.js';
import { CHART_VERSION_SCRIPT, chartWorkflowFile } from './workflow.js';

/** MAKEFILE_MARKER is the Makefile scaffold marker the Helm targets are inserted at. */
export const MAKEFILE_MARKER = 'makefile-targets';

/** CHART_SCRIPT is the npm script that renders config/default and refreshes dist/chart (make helm-chart without make). */
export const CHART_SCRIPT = {
  name: 'chart',
  command:
    'npm run manifests && mkdir -p dist && kubectl kustomize config/default > dist/install.yaml && operator-ts edit --plugins helm/v1',
} as const;

function packageJsonWithScript(tree: ReadonlyTree): FileDescriptor | undefined {
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
  // An author's own version of a script is kept.
  const missing = [CHART_SCRIPT, CHART_VERSION_SCRIPT].filter((s) => scripts[s.name] === undefined);
  if (missing.length === 0) return undefined;
  obj['scripts'] = { ...scripts, ...Object.fromEntries(missing.map((s) => [s.name, s.command])) };
  return { kind: 'generated', path: 'package.json', format: 'json', object: obj, ifExists: 'overwrite' };
}

/**
 * gitignoreWithChart lets git see dist/chart: the scaffold's .gitignore ignores dist/ (the compiled
 * manager), but the chart is source that `chart version --bump auto` compares across commits.
 */
function gitignoreWithChart(tree: ReadonlyTree, chartDir: string): FileDescriptor | undefined {
  const text = tree.read('.gitignore');
  if (text === undefined) return undefined;
  const lines = text.split('\n');
  if (lines.includes(`!${chartDir}/`)) return undefined;
  // Projects ignore `dist/*` and keep dist/install.yaml; older ones ignore all of `dist/`.
  const star = lines.indexOf('dist/*');
  const whole = lines.indexOf('dist/');
  if (star >= 0) {
    const keep = lines.indexOf('!dist/install.yaml');
    lines.splice((keep > star ? keep : star) + 1, 0, `!${chartDir}/`);
  } else if (whole >= 0) lines.splice(whole, 1, 'dist/*', `!${chartDir}/`);
  else return undefined;
  return { kind: 'generated', path: '.gitignore', content: lines.join('\n'), ifExists: 'overwrite' };
}

/**
 * projectFiles are the Makefile targets, the npm scripts, the .gitignore entry and the chart-version
 * workflow of the Helm plugin.
 */
export function projectFiles(ctx: HookContext, namespace: string, chartDir: string): FileDescriptor[] {
  const files: FileDescriptor[] = [chartWorkflowFile(ctx)];
  if (ctx.tree.exists('Makefile'))
    files.push({
      kind: 'insert',
      path: 'Makefile',
      ifMissing: 'skip',
      fragments: {
        [MAKEFILE_MARKER]: [
          { template: 'helm/edit/Makefile.targets.hbs', data: { projectName: ctx.project.projectName, namespace } },
        ],
      },
    });
  for (const d of [packageJsonWithScript(ctx.tree), gitignoreWithChart(ctx.tree, chartDir)])
    if (d !== undefined) files.push(d);
  return files;
}
