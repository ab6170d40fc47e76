import { isUserError, UserError } from '../../errors/user-error.js';
import { pluralOf } from '../../model/naming.js';
import type { ProjectFile } from '../../model/project-reader.js';
import type { ResourceConfig } from '../../model/project.js';
import { findPlugin } from '../../plugin/resolve.js';
import type { Bundle, Plugin, ReplayStep } from '../../plugin/types.js';
import type { PluginCatalog } from '../chain.js';

// The replay follows kubebuilder's `alpha generate` (internal/cli/alpha/internal/generate.go): init with the
// recorded chain, every API, then every webhook (they need the APIs), then the optional plugins' edits. It is
// a list of argv so that the same plan drives this CLI in-process and another operator-ts version as a
// program: `alpha update` scaffolds the project with the version it was made with from the same list.

/** ReplayOptions are facts of the project folder that PROJECT does not record. */
export interface ReplayOptions {
  /** Absolute project folder: plugins' flags that name a file of the project point into it. */
  readonly root: string;
  /** The project's licence header (hack/boilerplate.ts.txt), undefined when it has none. */
  readonly boilerplate: string | undefined;
}

function resolveLayoutKey(file: ProjectFile, catalog: PluginCatalog, i: number): Plugin | Bundle {
  const key = file.config.layout[i] ?? '';
  try {
    return findPlugin(key, catalog.plugins);
  } catch (err) {
    if (!isUserError(err)) throw err;
    throw new UserError(`${file.locate(['layout', i])}: ${err.message} (the layout recorded in ${file.file})`, {
      hint: `${err.hint ?? ''}; this operator-ts cannot scaffold a project that uses it`,
      cause: err,
    });
  }
}

/** ownerOf reads the copyright owner back from the Apache header init wrote (`Copyright <owner>.`). */
function ownerOf(boilerplate: string): string | undefined {
  return /^Copyright (.+)\.$/m.exec(boilerplate)?.[1];
}

function initStep(file: ProjectFile, initKeys: readonly string[], options: ReplayOptions): ReplayStep {
  const p = file.config;
  const argv = ['init', '--plugins', initKeys.join(','), '--domain', p.domain, '--project-name', p.projectName];
  if (p.repo !== undefined) argv.push('--repo', p.repo);
  if (p.multigroup) argv.push('--multigroup');
  if (p.namespaced) argv.push('--namespaced');
  if (options.boilerplate === undefined) argv.push('--license', 'none');
  else {
    const owner = ownerOf(options.boilerplate);
    if (owner !== undefined) argv.push('--owner', owner);
  }
  argv.push('--skip-install');
  // The project's own header, so that create api and create webhook put it on the files they write.
  return options.boilerplate === undefined ? { argv } : { argv, seed: ['hack/boilerplate.ts.txt'] };
}

function gvkFlags(r: ResourceConfig): string[] {
  return ['--group', r.group, '--version', r.version, '--kind', r.kind];
}

/** createApiStep is the `create api` that records r as PROJECT has it; undefined when r has no types nor controller. */
function createApiStep(r: ResourceConfig): ReplayStep | undefined {
  const controller = r.controller === true;
  if (r.core === true || r.external === true) {
    if (!controller) return undefined;
    const external = r.external === true && r.domain !== undefined ? ['--external-api-domain', r.domain] : [];
    return { argv: ['create', 'api', ...gvkFlags(r), '--resource=false', ...external] };
  }
  const argv = ['create', 'api', ...gvkFlags(r)];
  if (r.plural !== pluralOf(r.kind)) argv.push('--plural', r.plural);
  if (r.api === undefined) argv.push('--resource=false');
  else if (!r.api.namespaced) argv.push('--namespaced=false');
  if (!controller) argv.push('--controller=false');
  return { argv };
}

const KNOWN_WEBHOOK_KEYS: ReadonlySet<string> = new Set([
  'webhookVersion',
  'defaulting',
  'validation',
  'conversion',
  'spoke',
]);

function createWebhookStep(r: ResourceConfig): ReplayStep | undefined {
  const w = r.webhooks;
  if (w === undefined) return undefined;
  const kinds: string[] = [];
  if (w.defaulting === true) kinds.push('--defaulting');
  if (w.validation === true) kinds.push('--programmatic-validation');
  // Other kinds of webhook (sidecarInjection) are recorded under the camelCase name of their flag.
  for (const [key, value] of Object.entries(w))
    if (value === true && !KNOWN_WEBHOOK_KEYS.has(key))
      kinds.push(`--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
  if (w.conversion === true) {
    kinds.push('--conversion');
    if (w.spoke !== undefined && w.spoke.length > 0) kinds.push('--spoke', w.spoke.join(','));
  }
  if (kinds.length === 0) return undefined;
  const external = r.external === true && r.domain !== undefined ? ['--external-api-domain', r.domain] : [];
  return { argv: ['create', 'webhook', ...gvkFlags(r), ...external, ...kinds] };
}

function flagValue(argv: readonly string[], flag: string): string | undefined {
  const i = argv.indexOf(flag);
  return i < 0 ? undefined : argv[i + 1];
}

function gvkOf(argv: readonly string[]): string {
  return `${flagValue(argv, '--group') ?? ''}/${flagValue(argv, '--version') ?? ''}/${flagValue(argv, '--kind') ?? ''}`;
}

/**
 * replayPlan is the list of commands that scaffold the project PROJECT describes afresh: `init` with the
 * layout's plugins that have an init (and the recorded domain, name, repo, layout switches), `create api`
 * for each resource in PROJECT's order (a plugin's replay may claim a resource with its own create api),
 * `create webhook` for each resource with webhooks, then the edits of optional plugins: their replay, or
 * `edit --plugins <key>` for a layout key whose plugin has no init.
 */
export function replayPlan(file: ProjectFile, catalog: PluginCatalog, options: ReplayOptions): ReplayStep[] {
  const p = file.config;
  const initKeys: string[] = [];
  const layoutPlugins: Plugin[] = [];
  p.layout.forEach((key, i) => {
    const found = resolveLayoutKey(file, catalog, i);
    if (found.type === 'bundle' || found.init !== undefined) initKeys.push(found.key);
    else layoutPlugins.push(found);
  });
  if (initKeys.length === 0)
    throw new UserError(`${file.locate(['layout'])}: no plugin of the layout scaffolds a project (init)`, {
      hint: `the layout starts with the chain init ran (operator-ts.dev/v1); restore ${file.file} from version control`,
    });
  const recordedKeys = Object.keys(p.plugins).filter((key) => !layoutPlugins.some((l) => l.key === key));
  const recorded: Plugin[] = [];
  for (const key of recordedKeys) {
    const found = catalog.plugins.find((c) => c.key === key);
    // Settings of a plugin this CLI does not know, or of one in the init chain, are carried in PROJECT as they are.
    if (found?.type === 'plugin' && !initKeys.includes(found.key)) recorded.push(found);
  }
  const input = (plugin: Plugin) => ({ settings: p.plugins[plugin.key], project: p, root: options.root });
  const pluginSteps = [...recorded, ...layoutPlugins].flatMap((plugin) =>
    plugin.replay !== undefined
      ? plugin.replay(input(plugin))
      : layoutPlugins.includes(plugin)
        ? [{ argv: ['edit', '--plugins', plugin.key] }]
        : [],
  );
  const claimed = new Map(
    pluginSteps.filter((s) => s.argv[0] === 'create' && s.argv[1] === 'api').map((s) => [gvkOf(s.argv), s]),
  );
  // Each resource's webhook right after its API, in the order the kubebuilder book scaffolds them, so that a
  // project made that way comes out the same; a conversion webhook waits until its spoke versions exist.
  const steps: ReplayStep[] = [initStep(file, initKeys, options)];
  const done = new Set<string>();
  const waiting: { r: ResourceConfig; step: ReplayStep }[] = [];
  const ready = (r: ResourceConfig): boolean =>
    (r.webhooks?.spoke ?? []).every(
      (v) =>
        done.has(`${r.group}/${v}/${r.kind}`) ||
        !p.resources.some((o) => o.group === r.group && o.version === v && o.kind === r.kind),
    );
  for (const r of p.resources) {
    const key = `${r.group}/${r.version}/${r.kind}`;
    const api = claimed.get(key) ?? createApiStep(r);
    if (api !== undefined) steps.push(api);
    claimed.delete(key);
    done.add(key);
    const webhook = createWebhookStep(r);
    if (webhook !== undefined) waiting.push({ r, step: webhook });
    for (const w of waiting.filter((x) => ready(x.r))) {
      steps.push(w.step);
      waiting.splice(waiting.indexOf(w), 1);
    }
  }
  const edits = pluginSteps.filter((s) => !(s.argv[0] === 'create' && s.argv[1] === 'api'));
  return [...steps, ...claimed.values(), ...waiting.map((w) => w.step), ...edits];
}

/** describeStep is a step as the user would type it. */
export function describeStep(step: ReplayStep): string {
  return `operator-ts ${step.argv.map((a) => (/^[\w./:,=@-]+$/.test(a) ? a : JSON.stringify(a))).join(' ')}`;
}
