import { toYaml, UserError, type FileDescriptor, type HookContext, type Subcommand } from '../../src/index.js';
import { buildChart, GENERATED_MARK, withKustomizeNames } from './chart-files.js';
import { chartYamlObject, HELMIGNORE, mergeChartYaml, type ChartMeta } from './chart-text.js';
import {
  kindOf,
  parseYamlStream,
  readKustomizeOutput,
  type KustomizeOutput,
  type SourcedObject,
} from './kustomize-output.js';
import { projectFiles } from './project-files.js';
import { mergeValues, renderValues } from './values-file.js';
import { valuesSchema } from './values-model.js';

/** CHART_DIR is where the chart is written, as kubebuilder's helm plugin does. */
export const CHART_DIR = 'dist/chart';
/** DEFAULT_MANIFESTS is the kustomize output `make build-installer` writes. */
export const DEFAULT_MANIFESTS = 'dist/install.yaml';

const OPTIONAL_SOURCES: readonly { readonly kind: string; readonly dir: string }[] = [
  { kind: 'ServiceMonitor', dir: 'config/prometheus' },
  { kind: 'NetworkPolicy', dir: 'config/network-policy' },
];

/** optionalObjects reads the ServiceMonitor and NetworkPolicies of config/ that config/default may leave out. */
function optionalObjects(ctx: HookContext, output: KustomizeOutput): SourcedObject[] {
  const out: SourcedObject[] = [];
  for (const { kind, dir } of OPTIONAL_SOURCES) {
    const kustomization = ctx.tree.read(`${dir}/kustomization.yaml`);
    if (kustomization === undefined) continue;
    const resources =
      /^resources:\n((?:- .*\n?)*)/m
        .exec(kustomization)?.[1]
        ?.split('\n')
        .map((l) => l.replace(/^- /, '').trim())
        .filter((l) => l.endsWith('.yaml')) ?? [];
    for (const file of resources) {
      const path = `${dir}/${file}`;
      const text = ctx.tree.read(path);
      if (text === undefined) continue;
      for (const o of parseYamlStream(text, path, `fix ${path}, which ${dir}/kustomization.yaml lists`))
        if (kindOf(o.obj) === kind) out.push({ obj: withKustomizeNames(o.obj, output), line: o.line });
    }
  }
  return out;
}

function packageFacts(ctx: HookContext): { version: string; description: string } {
  const text = ctx.tree.read('package.json');
  const fallback = { version: '0.1.0', description: `${ctx.project.projectName}: a Kubernetes operator` };
  if (text === undefined) return fallback;
  let pkg: unknown;
  try {
    pkg = JSON.parse(text);
  } catch (err) {
    throw new UserError(`package.json: invalid JSON: ${(err as Error).message}`, {
      hint: 'the chart takes its version from package.json; fix the file',
    });
  }
  const obj = typeof pkg === 'object' && pkg !== null ? (pkg as Record<string, unknown>) : {};
  return {
    version: typeof obj['version'] === 'string' ? obj['version'] : fallback.version,
    description: typeof obj['description'] === 'string' ? obj['description'] : fallback.description,
  };
}

function manifestsPath(ctx: HookContext): { path: string; named: boolean } {
  const flag = ctx.flags['manifests'];
  if (typeof flag === 'string' && flag !== '') return { path: flag, named: true };
  const recorded = ctx.project.plugins[ctx.pluginKey]?.['manifests'];
  return { path: typeof recorded === 'string' ? recorded : DEFAULT_MANIFESTS, named: false };
}

/** chartDescriptors declares every file of dist/chart, merging Chart.yaml and values.yaml with the user's. */
function chartDescriptors(ctx: HookContext, output: KustomizeOutput): FileDescriptor[] {
  const chart = ctx.project.projectName;
  const pkg = packageFacts(ctx);
  const meta: ChartMeta = { name: chart, description: pkg.description, version: pkg.version, appVersion: pkg.version };
  const build = buildChart({
    chart,
    projectName: ctx.project.projectName,
    output,
    optional: optionalObjects(ctx, output),
  });
  for (const note of build.notes) ctx.log.info(`helm: ${note}`);
  const files: FileDescriptor[] = [];
  const chartYaml = `${CHART_DIR}/Chart.yaml`;
  const existingChart = ctx.tree.read(chartYaml);
  if (existingChart === undefined)
    files.push({ kind: 'generated', path: chartYaml, content: toYaml(chartYamlObject(meta)) });
  else {
    const merged = mergeChartYaml(existingChart, meta, chartYaml);
    for (const note of merged.notes) ctx.log.info(`${chartYaml}: ${note}`);
    files.push({ kind: 'generated', path: chartYaml, content: merged.text, ifExists: 'overwrite' });
  }
  const valuesPath = `${CHART_DIR}/values.yaml`;
  const existingValues = ctx.tree.read(valuesPath);
  if (existingValues === undefined)
    files.push({ kind: 'generated', path: valuesPath, content: renderValues(build.values) });
  else {
    const merged = mergeValues(existingValues, build.values, valuesPath);
    for (const note of merged.notes) ctx.log.info(`${valuesPath}: ${note}`);
    files.push({ kind: 'generated', path: valuesPath, content: merged.text, ifExists: 'overwrite' });
  }
  files.push({
    kind: 'generated',
    path: `${CHART_DIR}/values.schema.json`,
    format: 'json',
    object: valuesSchema(build.values),
  });
  files.push({ kind: 'generated', path: `${CHART_DIR}/.helmignore`, content: HELMIGNORE });
  for (const [path, content] of build.templates)
    files.push({ kind: 'generated', path: `${CHART_DIR}/${path}`, content });
  // A template this plugin wrote for an object the kustomize output no longer has would still install it.
  for (const path of ctx.tree.list(`${CHART_DIR}/templates`))
    if (
      !build.templates.has(path.slice(CHART_DIR.length + 1)) &&
      ctx.tree.read(path)?.startsWith(GENERATED_MARK) === true
    ) {
      ctx.log.info(`helm: removing ${path}: its object is no longer in ${output.source}`);
      files.push({ kind: 'remove', path });
    }
  return files;
}

/**
 * editSubcommand writes dist/chart from the kustomize output (`operator-ts edit --plugins helm/v1`); run
 * again, it refreshes the templates and keeps the user's values.yaml and Chart.yaml edits. When the
 * command runs for another reason (`edit --multigroup`) and there is no kustomize output, an existing
 * chart is left as it is.
 */
export const editSubcommand: Subcommand = {
  description:
    'with --plugins helm/v1: write (or refresh) dist/chart, the operator as a Helm chart, from the kustomize output',
  examples: [
    'make build-installer && {cmd} edit --plugins helm/v1',
    '{cmd} edit --plugins helm/v1 --manifests out/install.yaml',
  ],
  options: [
    {
      name: 'manifests',
      type: 'string',
      description: `kustomize output the Helm chart is built from (default ${DEFAULT_MANIFESTS}, as make build-installer writes it)`,
    },
  ],
  scaffold(ctx) {
    const manifests = manifestsPath(ctx);
    const text = ctx.tree.read(manifests.path);
    if (text === undefined) {
      if (!manifests.named && ctx.tree.exists(`${CHART_DIR}/Chart.yaml`)) {
        ctx.log.warn(
          `${CHART_DIR} was not refreshed: ${manifests.path} is missing (run make helm-chart or npm run chart to refresh it)`,
        );
        return;
      }
      throw new UserError(`${manifests.path} not found: the Helm chart is built from the kustomize output`, {
        hint: 'run `make build-installer` (or `npm run manifests && kubectl kustomize config/default > dist/install.yaml`) first, or pass --manifests <file>',
      });
    }
    const output = readKustomizeOutput(text, manifests.path);
    ctx.files.add(...chartDescriptors(ctx, output), ...projectFiles(ctx, output.namespace, CHART_DIR));
    if (manifests.path !== DEFAULT_MANIFESTS) ctx.project.plugins[ctx.pluginKey] = { manifests: manifests.path };
  },
};
