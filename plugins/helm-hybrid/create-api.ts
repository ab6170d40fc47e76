import { join } from 'node:path';
import {
  findBuiltinKind,
  renderResourcesFile,
  UserError,
  type HookContext,
  type IfExists,
  type ReplayInput,
  type ReplayStep,
  type ResourceConfig,
  type Subcommand,
} from '../../src/index.js';
import { createApiSubcommand as kustomizeCreateApi } from '../kustomize/create-api.js';
import { readHeader } from '../typescript/boilerplate.js';
import { registerReconciler, resourceEntries } from '../typescript/create-api.js';
import { importFrom, resourceNames } from '../typescript/names.js';
import { readChart, renderedKinds, type ChartSource } from './chart-source.js';
import { gitignoreKeepingArchives } from './gitignore.js';
import { HELM_VERSION, imageFragments } from './image.js';
import { valuesSchema, valuesTypes } from './values-types.js';

const T = 'helm-hybrid/create-api';

/** PRETTIERIGNORE_CHARTS keeps `npm run format` away from the copied charts: Helm templates are not YAML. */
const PRETTIERIGNORE_CHARTS =
  '# Helm charts rendered by the Helm-hybrid controllers: their templates are Go templates, not YAML.\ncharts/';

/** HybridResource is how PROJECT records one Helm-hybrid kind under the plugin's key, as kubebuilder records deploy-image's. */
interface HybridResource {
  domain?: string;
  group: string;
  version: string;
  kind: string;
  options: { chart: string };
}

/** rbacMarkers gives the operator the verbs it needs on every kind the chart renders (apply, prune, cleanup). */
function rbacMarkers(chart: ChartSource, ctx: HookContext): string[] {
  const markers: string[] = [];
  for (const { apiVersion, kind } of renderedKinds(chart.files)) {
    const slash = apiVersion.indexOf('/');
    const group = slash < 0 ? '' : apiVersion.slice(0, slash);
    const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
    const known = findBuiltinKind(group, version, kind);
    if (known === undefined) {
      ctx.log.warn(
        `the chart's templates render ${apiVersion} ${kind}, which has no descriptor in operator-ts/runtime: add one to the resources option of the reconciler and an RBAC marker before enabling it`,
      );
      continue;
    }
    markers.push(
      `+kubebuilder:rbac:groups=${group === '' ? 'core' : group},resources=${known.plural},verbs=get;list;watch;create;update;patch;delete`,
    );
  }
  return [...new Set(markers)];
}

/**
 * typesImports lists what the types file takes from operator-ts/types: int64 (the status uses it) and the
 * types the compiled spec names, so that no import is left unused (ESLint's no-unused-vars).
 */
export function typesImports(specTypes: string): string {
  return ['float64', 'int64', 'JSONValue']
    .filter((name) => name === 'int64' || new RegExp(`\\b${name}\\b`).test(specTypes))
    .join(', ');
}

async function scaffold(ctx: HookContext, res: ResourceConfig): Promise<void> {
  const flag = String(ctx.flags['helmChart']);
  const chart = readChart(ctx.tree, flag);
  const n = resourceNames(ctx.project, res);
  const chartDir = `charts/${chart.name}`;
  const force = ctx.flags['force'] === true;
  const header = readHeader(ctx.tree);
  const specTypes = await valuesTypes(`${n.kind}Spec`, valuesSchema(flag, chart.schema, chart.values));

  res.path = n.apiDir;
  res.api = { crdVersion: 'v1', namespaced: true };
  res.controller = true;
  const controllerName = ctx.project.multigroup ? `${n.group}-${n.kindLower}` : n.kindLower;
  const mutationFile = n.controllerFile.replace(/\.controller\.ts$/, '.mutation.ts');
  const data = {
    header,
    kind: n.kind,
    kindLower: n.kindLower,
    plural: n.plural,
    group: n.group,
    fullGroup: n.fullGroup,
    version: n.version,
    rbacGroup: n.rbacGroup,
    chartName: chart.name,
    chartDir,
    chartEnv: `${n.kind.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_CHART`,
    specTypes,
    typesImports: typesImports(specTypes),
    schemaSource: chart.schema !== undefined ? 'values.schema.json' : 'values.yaml',
    controllerName,
    chartRbac: rbacMarkers(chart, ctx),
    resourcesImport: importFrom(n.controllerFile, n.resourcesFile),
    typesImport: importFrom(n.controllerFile, n.typesFile),
    mutationImport: importFrom(n.controllerFile, mutationFile),
  };
  const policy: IfExists = force ? 'overwrite' : 'error';
  ctx.files.add(
    {
      kind: 'template',
      template: 'typescript/create-api/groupversion.ts.hbs',
      path: `${n.apiDir}/groupversion.ts`,
      data,
      ifExists: 'skip',
    },
    { kind: 'template', template: `${T}/kind.types.ts.hbs`, path: n.typesFile, data, ifExists: policy },
    { kind: 'generated', path: n.resourcesFile, content: renderResourcesFile(resourceEntries(ctx, res)) },
    { kind: 'template', template: `${T}/kind.controller.ts.hbs`, path: n.controllerFile, data, ifExists: policy },
    { kind: 'template', template: `${T}/kind.mutation.ts.hbs`, path: mutationFile, data, ifExists: policy },
    {
      kind: 'template',
      template: `${T}/kind.mutation.test.ts.hbs`,
      path: mutationFile.replace(/\.ts$/, '.test.ts'),
      data,
      ifExists: policy,
    },
    ...[...chart.files]
      .sort(([a], [b]) => a.localeCompare(b, 'en'))
      .map(([path, bytes]) => ({ kind: 'generated' as const, path: `${chartDir}/${path}`, bytes, ifExists: policy })),
    { kind: 'insert', path: 'Dockerfile', ifMissing: 'error', fragments: imageFragments() },
    { kind: 'insert', path: '.dockerignore', ifMissing: 'error', fragments: { 'image-context': ['!charts/'] } },
    // Chart templates are Go templates, which Prettier would try (and fail) to parse as YAML.
    {
      kind: 'insert',
      path: '.prettierignore',
      ifMissing: 'skip',
      fragments: { prettierignore: [PRETTIERIGNORE_CHARTS] },
    },
  );
  const gitignore = gitignoreKeepingArchives(ctx.tree, chart.files.keys());
  if (gitignore !== undefined) ctx.files.add(gitignore);
  registerReconciler(ctx, res, n, controllerName);
  // config/crd, the sample and the admin/editor/viewer roles, as for any kind with API types.
  await kustomizeCreateApi.scaffold(ctx);

  const recorded = (ctx.project.plugins[ctx.pluginKey]?.['resources'] as HybridResource[] | undefined) ?? [];
  const entry: HybridResource = {
    ...(res.domain !== undefined ? { domain: res.domain } : {}),
    group: res.group,
    version: res.version,
    kind: res.kind,
    options: { chart: chartDir },
  };
  const others = recorded.filter((r) => !(r.group === res.group && r.version === res.version && r.kind === res.kind));
  ctx.project.plugins[ctx.pluginKey] = { resources: [...others, entry] };
  ctx.log.info(
    `${n.kind} renders ${chartDir} with Helm ${HELM_VERSION} (the Dockerfile installs it); edit ${mutationFile} to inject per-${n.kind} labels and annotations`,
  );
}

/**
 * createApiSubcommand scaffolds a Helm-hybrid kind: a chart copied into charts/, a kind whose spec is the
 * chart's values, and a controller on operator-ts/runtime/helm that renders the chart, runs the mutation
 * hook and applies the result.
 */
export const createApiSubcommand: Subcommand = {
  description:
    "a kind whose spec is a Helm chart's values, reconciled by rendering the chart (operator-ts/runtime/helm)",
  examples: [
    '{cmd} create api --plugins helm-hybrid/v1 --group web --version v1alpha1 --kind WebApp --helm-chart ./webapp',
    '{cmd} create api --plugins helm-hybrid/v1 --group web --version v1alpha1 --kind WebApp ' +
      '--helm-chart ./webapp-0.1.0.tgz',
  ],
  options: [
    {
      name: 'helm-chart',
      type: 'string',
      description: 'directory or packaged .tgz of the Helm chart the kind renders (copied into charts/<name>)',
    },
    {
      name: 'namespaced',
      type: 'boolean',
      description: 'the resource is namespace-scoped; Helm-hybrid kinds always are',
      default: true,
    },
    { name: 'force', type: 'boolean', description: 'overwrite files that already exist', default: false },
  ],
  validate(ctx) {
    const res = ctx.resource;
    if (res === undefined) throw new Error('create api without a resource');
    if (typeof ctx.flags['helmChart'] !== 'string' || ctx.flags['helmChart'] === '')
      throw new UserError('create api --plugins helm-hybrid/v1 needs --helm-chart', {
        hint: 'pass the directory or packaged .tgz of the chart the kind renders, e.g. --helm-chart ./webapp (made by `helm create webapp`)',
      });
    if (res.core === true || res.external === true)
      throw new UserError(`${res.group}/${res.version} ${res.kind} is not the project's own kind`, {
        hint: 'a Helm-hybrid kind is a new API of the project: pick a group of its domain',
      });
    if (ctx.flags['namespaced'] === false)
      throw new UserError('a Helm-hybrid kind is namespaced: each object renders its chart into its own namespace', {
        hint: 'drop --namespaced=false',
      });
  },
  scaffold(ctx) {
    const res = ctx.resource;
    if (res === undefined) throw new Error('create api without a resource');
    return scaffold(ctx, res);
  },
};

/**
 * replayHybridKinds re-creates every Helm-hybrid kind PROJECT records from the chart the project holds
 * (charts/<name>, copied there by the first create api), so the kind's types and controller follow the
 * chart as it is now.
 */
export function replayHybridKinds({ settings, root }: ReplayInput): ReplayStep[] {
  const recorded = Array.isArray(settings?.['resources']) ? (settings['resources'] as HybridResource[]) : [];
  return recorded.map((r) => ({
    argv: [
      'create',
      'api',
      '--plugins',
      'helm-hybrid.operator-ts.dev/v1',
      '--group',
      r.group,
      '--version',
      r.version,
    ].concat(['--kind', r.kind, '--helm-chart', join(root, r.options.chart)]),
  }));
}
