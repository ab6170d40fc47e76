import { UserError, type HookContext, type ResourceConfig } from '../../src/index.js';
import { fitsOnOneLine } from './format-config.js';
import type { ResourceNames } from './names.js';

const T = 'typescript/create-webhook';

/** SIDECAR_RUNTIME_VALUES are what a sidecar injector imports as values from operator-ts/runtime/webhook. */
const SIDECAR_RUNTIME_VALUES = ['SidecarInjector'];

/** SIDECAR_RUNTIME_TYPES are the types a sidecar injector imports from operator-ts/runtime/webhook. */
const SIDECAR_RUNTIME_TYPES = ['InjectedSidecar', 'SidecarInjectorOptions', 'SidecarTemplate', 'SkipInjection'];

/** importLine is a named import as Prettier writes it: on one line when it fits, else one name per line. */
function importLine(names: readonly string[], from: string, typeOnly: boolean): string {
  const keyword = typeOnly ? 'import type' : 'import';
  const line = `${keyword} { ${names.join(', ')} } from '${from}';`;
  return fitsOnOneLine(line) ? line : `${keyword} {\n${names.map((n) => `  ${n},\n`).join('')}} from '${from}';`;
}

/**
 * checkSidecarInjection refuses `--sidecar-injection` for any kind but core/v1 Pod: the injector edits a
 * Pod's containers, and a workload's Pod template is injected when its Pods are created.
 */
export function checkSidecarInjection(res: ResourceConfig): void {
  if (res.core === true && res.group === 'core' && res.version === 'v1' && res.kind === 'Pod') return;
  const what = `${res.group}/${res.version} ${res.kind}`;
  throw new UserError(`--sidecar-injection injects into Pods; ${what} is not core/v1 Pod`, {
    hint:
      'run: operator-ts create webhook --group core --version v1 --kind Pod --sidecar-injection (workloads ' +
      'such as Deployments get the sidecar when their Pods are created)',
  });
}

/**
 * sidecarAnnotationPrefix is the scaffolded annotation prefix: `sidecar.<domain>`, so that the annotations
 * belong to the project's own domain, as Istio's are under `sidecar.istio.io`.
 */
export function sidecarAnnotationPrefix(ctx: HookContext): string {
  return `sidecar.${ctx.project.domain === '' ? 'example.com' : ctx.project.domain}`;
}

/**
 * sidecarSelectors are the namespace and object selectors of the injector's `+kubebuilder:webhook` marker,
 * carried in its `patch` argument (controller-gen's way to set webhook fields its marker has no argument
 * for): namespaces opt in with `<prefix>/injection: enabled`, and the manager's own Pods are never sent.
 */
function sidecarSelectors(prefix: string): string {
  const patch = {
    namespaceSelector: { matchLabels: { [`${prefix}/injection`]: 'enabled' } },
    objectSelector: { matchExpressions: [{ key: 'control-plane', operator: 'NotIn', values: ['controller-manager'] }] },
  };
  return JSON.stringify(patch);
}

/** sidecarView adds the fields of the sidecar templates to a resource's webhook view. */
export function sidecarView(ctx: HookContext, data: Record<string, unknown>): Record<string, unknown> {
  const prefix = sidecarAnnotationPrefix(ctx);
  return {
    ...data,
    sidecarPrefix: prefix,
    sidecarPatch: sidecarSelectors(prefix),
    sidecarImports: sidecarImports(new Set()).join('\n'),
  };
}

/**
 * sidecarImports are the imports of the injector class that an existing webhook file (scaffolded for a
 * defaulter or validator) lacks; `imported` are the names its named imports bind.
 */
export function sidecarImports(imported: ReadonlySet<string>): string[] {
  const values = SIDECAR_RUNTIME_VALUES.filter((n) => !imported.has(n));
  const types = SIDECAR_RUNTIME_TYPES.filter((n) => !imported.has(n));
  return [
    ...(values.length > 0 ? [importLine(values, 'operator-ts/runtime/webhook', false)] : []),
    ...(types.length > 0 ? [importLine(types, 'operator-ts/runtime/webhook', true)] : []),
  ];
}

/**
 * sidecarFragments are the builder call and, unless the webhook file has it already, the injection class;
 * the test fragment and its imports go to the webhook's test file.
 */
export function sidecarFragments(ctx: HookContext, n: ResourceNames, data: Record<string, unknown>) {
  const cls = `${n.kind}SidecarInjection`;
  const current = ctx.tree.read(n.webhookFile) ?? '';
  const currentTest = ctx.tree.read(n.webhookTestFile) ?? '';
  return {
    builder: `.withSidecarInjector(new SidecarInjector(new ${cls}()))`,
    classes: current.includes(`class ${cls} `) ? [] : [{ template: `${T}/sidecar-injection.ts.hbs`, data }],
    testImports: [
      "import { SidecarInjector } from 'operator-ts/runtime/webhook';",
      `import { ${cls}, SIDECAR_ANNOTATION_PREFIX } from './${n.kindLower}.webhook.js';`,
    ],
    tests: currentTest.includes(`new ${cls}()`) ? [] : [{ template: `${T}/sidecar-injection.test.ts.hbs`, data }],
  };
}
