import {
  findResource,
  fullGroup,
  pascal,
  UserError,
  type HookContext,
  type ResourceConfig,
  type Subcommand,
} from '../../src/index.js';
import { readHeader } from './boilerplate.js';
import { fitsOnOneLine } from './format-config.js';
import { importFrom, resourceNames, type ResourceNames } from './names.js';
import { checkSidecarInjection, sidecarFragments, sidecarImports, sidecarView } from './sidecar-injection.js';
import { markStorageVersion } from './storage-version.js';

const T = 'typescript/create-webhook';

/** WebhookTypes are the webhook kinds a resource has (after this command). */
interface WebhookTypes {
  defaulting: boolean;
  validation: boolean;
  conversion: boolean;
  /** An annotation-driven sidecar injector (core/v1 Pod only). */
  sidecarInjection: boolean;
}

function requested(ctx: HookContext): WebhookTypes {
  return {
    defaulting: ctx.flags['defaulting'] === true,
    validation: ctx.flags['programmaticValidation'] === true,
    conversion: ctx.flags['conversion'] === true,
    sidecarInjection: ctx.flags['sidecarInjection'] === true,
  };
}

function spokesOf(ctx: HookContext): string[] {
  const value = ctx.flags['spoke'];
  return Array.isArray(value) ? [...(value as readonly string[])] : [];
}

/**
 * runtimeTypeNames are the operator-ts/runtime types the admission classes of `types` use, so a webhook file
 * imports no name it does not use (type-aware lint reports unused imports).
 */
function runtimeTypeNames(types: Pick<WebhookTypes, 'defaulting' | 'validation' | 'sidecarInjection'>): string[] {
  const admission = types.defaulting || types.validation || types.sidecarInjection;
  return [
    ...(admission ? ['AdmissionContext'] : []),
    ...(types.defaulting ? ['CustomDefaulter'] : []),
    ...(types.validation ? ['CustomValidator'] : []),
    ...(types.validation || types.sidecarInjection ? ['Warnings'] : []),
    ...(admission ? ['Wire'] : []),
  ];
}

/** importedNames are the local names the named imports (`import { a, type B as C } from '...'`) of a module bind. */
export function importedNames(source: string): Set<string> {
  const names = new Set<string>();
  for (const m of source.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s*from\s/gm))
    for (const spec of (m[1] ?? '').split(',')) {
      const local = spec
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.replace(/^type\s+/, '')
        .trim();
      if (local !== undefined && local !== '') names.add(local);
    }
  return names;
}

/** webhookView is the view model shared by the webhook templates of one resource. */
export function webhookView(ctx: HookContext, n: ResourceNames, types: WebhookTypes): Record<string, unknown> {
  const group = n.fullGroup;
  return {
    header: readHeader(ctx.tree),
    kind: n.kind,
    kindLower: n.kindLower,
    plural: n.plural,
    version: n.version,
    core: n.core,
    external: n.external,
    typeName: n.typeName,
    typeSpecifier: n.typeSpecifier,
    groupDashed: group.replace(/\./g, '-'),
    markerGroup: group === '' ? '""' : group,
    resourceRef: n.resourceRef,
    typeImport: n.core ? '@kubernetes/client-node' : importFrom(n.webhookFile, n.typesFile),
    resourcesImport: importFrom(n.webhookFile, n.resourcesFile),
    apiVersion: group === '' ? n.version : `${group}/${n.version}`,
    defaulting: types.defaulting,
    validation: types.validation,
    sidecarInjection: types.sidecarInjection,
    admission: types.defaulting || types.validation || types.sidecarInjection,
    looseSample: n.core || n.external,
    runtimeTypes: ['Manager', ...runtimeTypeNames(types)].sort().join(', '),
    updateOnOneLine: fitsOnOneLine(
      `  validateUpdate(ctx: AdmissionContext, oldObj: Wire<${n.typeName}>, newObj: Wire<${n.typeName}>): Promise<Warnings | void> {`,
    ),
  };
}

function conversionView(
  ctx: HookContext,
  res: ResourceConfig,
  n: ResourceNames,
  spokes: readonly string[],
): Record<string, unknown> {
  const conversionFile = n.webhookFile.replace(/\.webhook\.ts$/, '.conversion.ts');
  const group = fullGroup(res);
  return {
    header: readHeader(ctx.tree),
    kind: n.kind,
    hubType: n.typeName,
    hubSpecifier: n.typeSpecifier,
    hubVersion: n.version,
    hubApiVersion: `${group}/${n.version}`,
    hubImport: importFrom(conversionFile, n.typesFile),
    spokes: spokes.map((version) => {
      const spokeNames = resourceNames(ctx.project, { ...res, version });
      return {
        version,
        alias: `${n.kind}${pascal(version)}`,
        apiVersion: `${group}/${version}`,
        import: importFrom(conversionFile, spokeNames.typesFile),
        toHub: `${n.kindLower}${pascal(version)}ToHub`,
        fromHub: `${n.kindLower}${pascal(version)}FromHub`,
      };
    }),
  };
}

/** addWebhookTests declares the webhook's unit test file and inserts one test (and import) per webhook class. */
function addWebhookTests(ctx: HookContext, n: ResourceNames, types: WebhookTypes, data: Record<string, unknown>): void {
  const sidecar = types.sidecarInjection ? sidecarFragments(ctx, n, data) : undefined;
  const current = ctx.tree.read(n.webhookTestFile) ?? '';
  const imports: string[] = [];
  const tests: { template: string; data: Record<string, unknown> }[] = [];
  const add = (cls: string, template: string): void => {
    imports.push(`import { ${cls} } from './${n.kindLower}.webhook.js';`);
    // An edited test no longer matches its fragment, so an existing one is recognised by the class it uses.
    if (!current.includes(`new ${cls}()`)) tests.push({ template, data });
  };
  if (types.defaulting) add(`${n.kind}CustomDefaulter`, `${T}/defaulter.test.ts.hbs`);
  if (types.validation) add(`${n.kind}CustomValidator`, `${T}/validator.test.ts.hbs`);
  if (sidecar !== undefined) {
    imports.push(...sidecar.testImports);
    tests.push(...sidecar.tests);
  }
  ctx.files.add(
    { kind: 'template', template: `${T}/kind.webhook.test.ts.hbs`, path: n.webhookTestFile, data, ifExists: 'skip' },
    { kind: 'insert', path: n.webhookTestFile, ifMissing: 'error', fragments: { imports, tests } },
  );
}

/** sameKindElsewhere tells whether another version (or group) of the kind already has webhooks, so names would clash in main.ts. */
function sameKindElsewhere(ctx: HookContext, res: ResourceConfig): boolean {
  return ctx.project.resources.some(
    (r) =>
      r !== res &&
      r.kind === res.kind &&
      r.webhooks !== undefined &&
      !(r.group === res.group && r.version === res.version),
  );
}

type Fragment = { template: string; data: Record<string, unknown> };

/** recordWebhooks records in PROJECT the webhook types the resource has after this run (the earlier ones and the requested ones). */
function recordWebhooks(res: ResourceConfig, want: WebhookTypes, spokes: string[]): WebhookTypes {
  const before = res.webhooks;
  const types: WebhookTypes = {
    defaulting: want.defaulting || before?.defaulting === true,
    validation: want.validation || before?.validation === true,
    conversion: want.conversion || before?.conversion === true,
    sidecarInjection: want.sidecarInjection || before?.sidecarInjection === true,
  };
  res.webhooks = {
    ...before,
    webhookVersion: 'v1',
    ...(types.defaulting ? { defaulting: true } : {}),
    ...(types.validation ? { validation: true } : {}),
    ...(types.conversion ? { conversion: true, spoke: spokes } : {}),
    ...(types.sidecarInjection ? { sidecarInjection: true } : {}),
  };
  return types;
}

/** admissionFragments are the builder calls and the classes of the defaulting and validating webhooks. */
function admissionFragments(
  ctx: HookContext,
  n: ResourceNames,
  types: WebhookTypes,
  data: Record<string, unknown>,
): { builder: (string | Fragment)[]; classes: Fragment[]; imports: string[] } {
  const builder: (string | Fragment)[] = [];
  const classes: Fragment[] = [];
  // A class the user has edited no longer matches its fragment, so existing classes are found by name.
  const current = ctx.tree.read(n.webhookFile);
  const added = { defaulting: false, validation: false, sidecarInjection: false };
  if (types.defaulting) {
    builder.push(`.withDefaulter(new ${n.kind}CustomDefaulter())`);
    added.defaulting = !(current ?? '').includes(`class ${n.kind}CustomDefaulter `);
    if (added.defaulting) classes.push({ template: `${T}/defaulter.ts.hbs`, data });
  }
  if (types.validation) {
    builder.push(`.withValidator(new ${n.kind}CustomValidator())`);
    added.validation = !(current ?? '').includes(`class ${n.kind}CustomValidator `);
    if (added.validation) classes.push({ template: `${T}/validator.ts.hbs`, data });
  }
  if (types.sidecarInjection) {
    const sidecar = sidecarFragments(ctx, n, data);
    builder.push(sidecar.builder);
    added.sidecarInjection = sidecar.classes.length > 0;
    classes.push(...sidecar.classes);
  }
  return { builder, classes, imports: current === undefined ? [] : classImports(current, n, data, added) };
}

/**
 * classImports are the imports a class added to an existing webhook file needs: the file was scaffolded
 * with the imports of its classes at the time. A name one of its named imports binds is left out.
 */
function classImports(
  current: string,
  n: ResourceNames,
  data: Record<string, unknown>,
  added: Pick<WebhookTypes, 'defaulting' | 'validation' | 'sidecarInjection'>,
): string[] {
  if (!added.defaulting && !added.validation && !added.sidecarInjection) return [];
  const imported = importedNames(current);
  const missing = runtimeTypeNames(added).filter((name) => !imported.has(name));
  return [
    ...(missing.length > 0 ? [`import type { ${missing.join(', ')} } from 'operator-ts/runtime';`] : []),
    ...(added.sidecarInjection ? sidecarImports(imported) : []),
    ...(imported.has(n.typeName) ? [] : [`import type { ${n.typeSpecifier} } from '${String(data['typeImport'])}';`]),
  ];
}

/**
 * addConversion scaffolds the conversion functions between the hub and its spokes, adds their builder call
 * and marks the hub type as the storage version; it returns the import the webhook file needs.
 */
function addConversion(
  ctx: HookContext,
  res: ResourceConfig,
  n: ResourceNames,
  spokes: readonly string[],
  builder: (string | Fragment)[],
): string[] {
  const conv = conversionView(ctx, res, n, spokes);
  const conversionFile = n.webhookFile.replace(/\.webhook\.ts$/, '.conversion.ts');
  ctx.files.add({
    kind: 'template',
    template: `${T}/kind.conversion.ts.hbs`,
    path: conversionFile,
    data: conv,
    ifExists: 'error',
  });
  const fns = (conv['spokes'] as { toHub: string; fromHub: string }[]).flatMap((s) => [s.fromHub, s.toHub]).sort();
  builder.push({ template: `${T}/conversion-builder.ts.hbs`, data: conv });
  const hubTypes = ctx.tree.read(n.typesFile);
  const marked = hubTypes === undefined ? undefined : markStorageVersion(hubTypes, n.kind);
  if (marked === undefined)
    ctx.log.warn(`mark the hub type in ${n.typesFile} with +kubebuilder:storageversion so the CRD stores ${n.version}`);
  else ctx.files.add({ kind: 'generated', path: n.typesFile, content: marked });
  return [`import { ${fns.join(', ')} } from './${n.kindLower}.conversion.js';`];
}

/** registerInMain registers the webhooks of the kind with the manager in src/main.ts, once per module. */
function registerInMain(ctx: HookContext, res: ResourceConfig, n: ResourceNames): void {
  const specifier = importFrom('src/main.ts', n.webhookFile);
  // The check is by module, so a later alias choice cannot add a second registration.
  if ((ctx.tree.read('src/main.ts') ?? '').includes(`from '${specifier}';`)) return;
  const setup = `setup${n.kind}WebhookWithManager`;
  const local = sameKindElsewhere(ctx, res)
    ? `setup${n.kind}${pascal(ctx.project.multigroup ? n.group : '')}${pascal(n.version)}WebhookWithManager`
    : setup;
  ctx.files.add({
    kind: 'insert',
    path: 'src/main.ts',
    ifMissing: 'error',
    fragments: {
      imports: [`import { ${local === setup ? setup : `${setup} as ${local}`} } from '${specifier}';`],
      webhooks: [`${local}(mgr);`],
    },
  });
}

/** createWebhookSubcommand scaffolds (or extends) src/webhooks/<version>/<kind>.webhook.ts and registers it in src/main.ts. */
export const createWebhookSubcommand: Subcommand = {
  description: 'typed defaulter / validator classes and conversion functions (src/webhooks)',
  options: [
    { name: 'defaulting', type: 'boolean', description: 'scaffold a mutating (defaulting) webhook', default: false },
    { name: 'programmatic-validation', type: 'boolean', description: 'scaffold a validating webhook', default: false },
    {
      name: 'conversion',
      type: 'boolean',
      description: 'scaffold a conversion webhook with this version as the hub',
      default: false,
    },
    {
      name: 'sidecar-injection',
      type: 'boolean',
      description: 'scaffold an annotation-driven sidecar injector (core/v1 Pod only)',
      default: false,
    },
    {
      name: 'spoke',
      type: 'list',
      description: 'spoke versions converted to and from the hub, e.g. v1alpha1,v1beta1 (with --conversion)',
    },
    {
      name: 'force',
      type: 'boolean',
      description: 'scaffold webhook types the resource already has again',
      default: false,
    },
    {
      name: 'external-api-domain',
      type: 'string',
      description: 'the kind belongs to another project: domain of its group (cert-manager + io = cert-manager.io)',
    },
  ],
  validate(ctx) {
    const res = ctx.resource;
    if (res === undefined) throw new Error('create webhook without a resource');
    const want = requested(ctx);
    const id = `${res.group}/${res.version} ${res.kind}`;
    if (!want.defaulting && !want.validation && !want.conversion && !want.sidecarInjection)
      throw new UserError(`no webhook type selected for ${id}`, {
        hint: 'pass at least one of --defaulting, --programmatic-validation, --conversion, --sidecar-injection',
      });
    if (want.sidecarInjection) checkSidecarInjection(res);
    if (res.core !== true && res.external !== true && res.api === undefined)
      throw new UserError(`${id} has no API types in this project (it was created with --resource=false)`, {
        hint: `scaffold the types first: operator-ts create api --group ${res.group} --version ${res.version} --kind ${res.kind} --controller=false --force`,
      });
    const spokes = spokesOf(ctx);
    if (spokes.length > 0 && !want.conversion)
      throw new UserError('--spoke only applies to conversion webhooks', { hint: 'add --conversion' });
    if (want.conversion) {
      if (res.core === true || res.external === true)
        throw new UserError(
          `${res.core === true ? 'built-in kinds' : 'kinds of other projects'} such as ${res.kind} have no conversion webhooks here`,
          { hint: 'drop --conversion' },
        );
      if (spokes.length === 0)
        throw new UserError(`--conversion needs the spoke versions to convert from`, {
          hint: `pass --spoke <version>,... (other versions of ${res.kind})`,
        });
      for (const spoke of spokes) {
        if (spoke === res.version)
          throw new UserError(`--spoke ${spoke} is the hub version itself`, { hint: 'list only the other versions' });
        const found = findResource(ctx.project, { ...res, version: spoke });
        if (found?.api === undefined)
          throw new UserError(`spoke version ${res.group}/${spoke} ${res.kind} does not exist in PROJECT`, {
            hint: `create it first: operator-ts create api --group ${res.group} --version ${spoke} --kind ${res.kind}`,
          });
      }
    }
    const have = res.webhooks;
    if (ctx.flags['force'] !== true && have !== undefined) {
      const dup = [
        want.defaulting && have.defaulting === true ? 'defaulting' : '',
        want.validation && have.validation === true ? 'validation' : '',
        want.conversion && have.conversion === true ? 'conversion' : '',
        want.sidecarInjection && have.sidecarInjection === true ? 'sidecar-injection' : '',
      ].filter((s) => s !== '');
      if (dup.length > 0)
        throw new UserError(`${id} already has a ${dup.join(' and ')} webhook`, {
          hint: 're-run with --force to scaffold it again, or pick another webhook type',
        });
    }
  },
  scaffold(ctx) {
    const res = ctx.resource;
    if (res === undefined) throw new Error('create webhook without a resource');
    const spokes = [...new Set([...(res.webhooks?.spoke ?? []), ...spokesOf(ctx)])];
    const types = recordWebhooks(res, requested(ctx), spokes);
    const n = resourceNames(ctx.project, res);
    const view = webhookView(ctx, n, types);
    const data = types.sidecarInjection ? sidecarView(ctx, view) : view;
    const { builder, classes, imports } = admissionFragments(ctx, n, types, data);
    ctx.files.add({
      kind: 'template',
      template: `${T}/kind.webhook.ts.hbs`,
      path: n.webhookFile,
      data,
      ifExists: 'skip',
    });
    if (types.conversion) imports.push(...addConversion(ctx, res, n, spokes, builder));
    ctx.files.add({
      kind: 'insert',
      path: n.webhookFile,
      ifMissing: 'error',
      fragments: { imports, builder, types: classes },
    });
    if (types.defaulting || types.validation || types.sidecarInjection) addWebhookTests(ctx, n, types, data);
    registerInMain(ctx, res, n);
  },
};
