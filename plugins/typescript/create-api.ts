import {
  descriptorFile,
  groupVersionFile,
  importExternalApi,
  importedFilePolicy,
  pascal,
  PLACEHOLDER_HEADER,
  placeholderTypes,
  renderResourcesFile,
  UserError,
  apiDir,
  crdPluralOf,
  fullGroup,
  type HookContext,
  type ResourceConfig,
  type ResourceEntry,
  type Subcommand,
} from '../../src/index.js';
import { isAbsolute, relative } from 'node:path';
import { readHeader } from './boilerplate.js';
import { importFrom, resourceNames, type ResourceNames } from './names.js';

const T = 'typescript/create-api';

/** controllerView is the view model of the controller and its test. */
export function controllerView(ctx: HookContext, n: ResourceNames, namespaced: boolean): Record<string, unknown> {
  return {
    header: readHeader(ctx.tree),
    kind: n.kind,
    kindLower: n.kindLower,
    plural: n.plural,
    rbacGroup: n.rbacGroup,
    // A namespace-scoped manager is bound to a Role, so its rules must generate a Role (as kubebuilder's
    // --namespaced does), not the ClusterRole the RoleBinding could never reference.
    rbacNamespace: ctx.project.namespaced ? `,namespace=${ctx.project.projectName}-system` : '',
    core: n.core,
    external: n.external,
    typeName: n.typeName,
    typeSpecifier: n.typeSpecifier,
    namespaced,
    testNamespace: namespaced ? 'default' : '',
    controllerName: ctx.project.multigroup ? `${n.group}-${n.kindLower}` : n.kindLower,
    resourceRef: n.resourceRef,
    resourcesImport: importFrom(n.controllerFile, n.resourcesFile),
    resourcesTestImport: importFrom(n.controllerTestFile, n.resourcesFile),
    typeImport: n.core ? '@kubernetes/client-node' : importFrom(n.controllerTestFile, n.typesFile),
  };
}

/** resourceEntries lists the kinds with API types in the folder of res, for zz_generated.resources.ts. */
export function resourceEntries(ctx: HookContext, res: ResourceConfig): ResourceEntry[] {
  const dir = apiDir(ctx.project, res);
  const all = [
    ...ctx.project.resources.filter(
      (r) => !(r.group === res.group && r.version === res.version && r.kind === res.kind),
    ),
    res,
  ];
  return all
    .filter((r) => r.api !== undefined && r.core !== true && apiDir(ctx.project, r) === dir)
    .map((r) => ({
      kind: r.kind,
      typeModule: `./${r.kind.toLowerCase()}.types.js`,
      group: fullGroup(r),
      version: r.version,
      plural: r.plural,
      namespaced: r.api?.namespaced ?? true,
    }));
}

function scaffoldApi(ctx: HookContext, res: ResourceConfig, n: ResourceNames): void {
  const namespaced = ctx.flags['namespaced'] !== false;
  res.path = n.apiDir;
  res.api = { crdVersion: 'v1', namespaced };
  const markers: string[] = [];
  // controller-gen's default CRD plural is flect's of the kind, kubebuilder's (PROJECT, RBAC) flect's of the
  // lower-cased kind; where they differ (PodAlias: podaliases, podalias) the marker keeps the CRD on the latter.
  if (ctx.flags['plural'] !== undefined || n.plural !== crdPluralOf(n.kind)) markers.push(`path=${n.plural}`);
  if (!namespaced) markers.push('scope=Cluster');
  const header = readHeader(ctx.tree);
  const data = {
    header,
    kind: n.kind,
    kindLower: n.kindLower,
    plural: n.plural,
    group: n.group,
    fullGroup: n.fullGroup,
    version: n.version,
    resourceMarker: markers.length > 0 ? `+kubebuilder:resource:${markers.join(',')}` : '',
    // A conversion hub keeps its storage version marker when --force renders the types again.
    storageVersion: res.webhooks?.conversion === true,
  };
  ctx.files.add(
    {
      kind: 'template',
      template: `${T}/groupversion.ts.hbs`,
      path: `${n.apiDir}/groupversion.ts`,
      data,
      ifExists: 'skip',
    },
    { kind: 'template', template: `${T}/kind.types.ts.hbs`, path: n.typesFile, data, ifExists: 'error' },
    { kind: 'generated', path: n.resourcesFile, content: renderResourcesFile(resourceEntries(ctx, res)) },
  );
}

/**
 * scaffoldExternalTypes gives a kind the project does not own its types and descriptor: imported from
 * --external-api-crd, else kept if already imported, else a placeholder that `import crd` replaces.
 * Returns whether the kind is namespaced.
 */
async function scaffoldExternalTypes(ctx: HookContext, res: ResourceConfig, n: ResourceNames): Promise<boolean> {
  res.path = n.apiDir;
  const crdFlag = ctx.flags['externalApiCrd'];
  if (typeof crdFlag === 'string') {
    const rel = isAbsolute(crdFlag) ? relative(ctx.tree.root, crdFlag) : crdFlag;
    const text = ctx.tree.read(rel);
    if (text === undefined)
      throw new UserError(`--external-api-crd ${crdFlag} does not exist`, {
        hint: 'pass the CRD file of the kind (YAML or JSON), e.g. the release manifest of its operator',
      });
    const api = await importExternalApi(crdFlag, text, { group: n.fullGroup, version: n.version, kind: n.kind });
    res.plural = api.plural;
    for (const [path, content] of api.files)
      ctx.files.add({ kind: 'generated', path, content, ifExists: importedFilePolicy(ctx.tree.read(path)) });
    return api.namespaced;
  }
  const namespaced = ctx.flags['namespaced'] !== false;
  if (!ctx.tree.exists(n.resourcesFile)) {
    ctx.log.warn(
      `no CRD given for ${n.fullGroup}/${n.version} ${n.kind}: ${n.typesFile} holds placeholder types; run operator-ts import crd <crd.yaml> for typed fields`,
    );
    const header = `${PLACEHOLDER_HEADER}. operator-ts import crd replaces it with the kind's real descriptor.`;
    ctx.files.add(
      {
        kind: 'generated',
        path: `${n.apiDir}/groupversion.ts`,
        content: groupVersionFile(n.fullGroup, n.version),
        ifExists: 'skip',
      },
      {
        kind: 'generated',
        path: n.typesFile,
        content: placeholderTypes(n.kind, n.fullGroup, n.version),
        ifExists: 'skip',
      },
      {
        kind: 'generated',
        path: n.resourcesFile,
        content: descriptorFile(
          { kind: n.kind, group: n.fullGroup, version: n.version, plural: n.plural, namespaced },
          header,
        ),
        ifExists: 'skip',
      },
    );
  }
  return namespaced;
}

function scaffoldController(
  ctx: HookContext,
  res: ResourceConfig,
  n: ResourceNames,
  externalNamespaced?: boolean,
): void {
  res.controller = true;
  const namespaced = n.core ? ctx.flags['namespaced'] !== false : (externalNamespaced ?? res.api?.namespaced ?? true);
  const data = controllerView(ctx, n, namespaced);
  const controllerName = String(data['controllerName']);
  ctx.files.add(
    { kind: 'template', template: `${T}/kind.controller.ts.hbs`, path: n.controllerFile, data, ifExists: 'error' },
    {
      kind: 'template',
      template: `${T}/kind.controller.test.ts.hbs`,
      path: n.controllerTestFile,
      data,
      ifExists: 'error',
    },
  );
  registerReconciler(ctx, res, n, controllerName);
}

/**
 * registerReconciler imports the kind's reconciler into src/main.ts and sets it up with the manager, at the
 * file's scaffold markers, unless src/main.ts already imports its module.
 */
export function registerReconciler(
  ctx: HookContext,
  res: ResourceConfig,
  n: ResourceNames,
  controllerName: string,
): void {
  const specifier = importFrom('src/main.ts', n.controllerFile);
  // Registered once, checked by module: a later alias choice (another group gaining the same kind) must not add a second registration.
  if ((ctx.tree.read('src/main.ts') ?? '').includes(`from '${specifier}';`)) return;
  const reconciler = `${n.kind}Reconciler`;
  const local = reconcilerAlias(ctx, res);
  ctx.files.add({
    kind: 'insert',
    path: 'src/main.ts',
    ifMissing: 'error',
    fragments: {
      imports: [`import { ${local === reconciler ? reconciler : `${reconciler} as ${local}`} } from '${specifier}';`],
      controllers: [
        `new ${local}(mgr.client, mgr.getEventRecorder('${controllerName}-controller')).setupWithManager(mgr);`,
      ],
    },
  });
}

/**
 * reconcilerAlias is the name src/main.ts imports a reconciler under: `<Kind>Reconciler`, or
 * `<Kind><Group>Reconciler` when a controller of the same kind in another group is already registered
 * (multigroup projects may have `crew/Captain` and `ship/Captain`).
 */
export function reconcilerAlias(ctx: HookContext, res: ResourceConfig): string {
  const clash = ctx.project.resources.some(
    (r) => r !== res && r.kind === res.kind && r.group !== res.group && r.controller === true,
  );
  return clash ? `${res.kind}${pascal(res.group)}Reconciler` : `${res.kind}Reconciler`;
}

/** createApiSubcommand scaffolds API types, the typed resource descriptor and a controller for a kind. */
export const createApiSubcommand: Subcommand = {
  description: 'TypeScript API types (src/api), controller and its unit test (src/controllers)',
  options: [
    {
      name: 'resource',
      type: 'boolean',
      description: 'scaffold the API types (CRD); false for built-in kinds',
      default: true,
    },
    { name: 'controller', type: 'boolean', description: 'scaffold a controller for the kind', default: true },
    {
      name: 'namespaced',
      type: 'boolean',
      description: 'the resource is namespace-scoped (false: cluster-scoped)',
      default: true,
    },
    { name: 'force', type: 'boolean', description: 'overwrite files that already exist', default: false },
    {
      name: 'external-api-domain',
      type: 'string',
      description:
        'the kind belongs to another project: domain of its group (cert-manager + io = cert-manager.io); needs --resource=false',
    },
    {
      name: 'external-api-crd',
      type: 'string',
      description: 'CRD file of the external kind: its types and descriptor are imported (operator-ts import crd)',
    },
  ],
  validate(ctx) {
    const res = ctx.resource;
    if (res === undefined) throw new Error('create api without a resource');
    const resource = ctx.flags['resource'] !== false;
    const controller = ctx.flags['controller'] !== false;
    if (!resource && !controller)
      throw new UserError('--resource=false and --controller=false leave nothing to scaffold', {
        hint: 'drop one of them',
      });
    if (res.core === true && resource)
      throw new UserError(
        `${res.group}/${res.version} ${res.kind} is a built-in kind: it has no API types to scaffold`,
        {
          hint: `pass --resource=false to scaffold a controller for the built-in ${res.kind}`,
        },
      );
    if (ctx.flags['externalApiCrd'] !== undefined && res.external !== true)
      throw new UserError('--external-api-crd names the CRD of a kind the project does not own', {
        hint: 'add --external-api-domain <domain> and --resource=false',
      });
  },
  async scaffold(ctx) {
    const res = ctx.resource;
    if (res === undefined) throw new Error('create api without a resource');
    if (res.external === true) {
      const namespaced = await scaffoldExternalTypes(ctx, res, resourceNames(ctx.project, res));
      if (ctx.flags['controller'] !== false) scaffoldController(ctx, res, resourceNames(ctx.project, res), namespaced);
      return;
    }
    const n = resourceNames(ctx.project, res);
    if (ctx.flags['resource'] !== false) scaffoldApi(ctx, res, n);
    if (ctx.flags['controller'] !== false) scaffoldController(ctx, res, n);
  },
};
