import {
  pascal,
  renderResourcesFile,
  UserError,
  apiDir,
  fullGroup,
  type HookContext,
  type ResourceConfig,
  type ResourceEntry,
  type Subcommand,
} from '../../src/index.js';
import { readHeader } from './boilerplate.js';
import { importFrom, resourceNames, type ResourceNames } from './names.js';

const T = 'typescript/create-api';

/** BUILTIN_KINDS are the built-in kinds `operator-ts/runtime` has descriptors for (`builtin.<Kind>`). */
export const BUILTIN_KINDS: ReadonlySet<string> = new Set(
  (
    'Pod PodTemplate ReplicationController Service ConfigMap Secret ServiceAccount Namespace Node PersistentVolume ' +
    'PersistentVolumeClaim Endpoints LimitRange ResourceQuota Event Deployment StatefulSet DaemonSet ReplicaSet ' +
    'ControllerRevision Job CronJob Ingress IngressClass NetworkPolicy EndpointSlice Lease Role RoleBinding ClusterRole ' +
    'ClusterRoleBinding CustomResourceDefinition APIService MutatingWebhookConfiguration ValidatingWebhookConfiguration ' +
    'ValidatingAdmissionPolicy ValidatingAdmissionPolicyBinding HorizontalPodAutoscaler PodDisruptionBudget PriorityClass ' +
    'StorageClass CSIDriver VolumeAttachment CertificateSigningRequest'
  ).split(' '),
);

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
    typeName: n.typeName,
    namespaced,
    testNamespace: namespaced ? 'default' : '',
    controllerName: ctx.project.multigroup ? `${n.group}-${n.kindLower}` : n.kindLower,
    resourceRef: n.core ? `builtin.${n.kind}` : `${n.kind}Resource`,
    resourcesImport: importFrom(n.controllerFile, n.resourcesFile),
    resourcesTestImport: importFrom(n.controllerTestFile, n.resourcesFile),
    typeImport: n.core ? '@kubernetes/client-node' : importFrom(n.controllerTestFile, n.typesFile),
  };
}

/** resourceEntries lists the kinds with API types in the folder of res, for zz_generated.resources.ts. */
export function resourceEntries(ctx: HookContext, res: ResourceConfig): ResourceEntry[] {
  const dir = apiDir(ctx.project, res);
  const all = [...ctx.project.resources.filter((r) => !(r.group === res.group && r.version === res.version && r.kind === res.kind)), res];
  return all
    .filter((r) => r.api !== undefined && r.core !== true && apiDir(ctx.project, r) === dir)
    .map((r) => ({
      kind: r.kind,
      typeModule: `./${r.kind.toLowerCase()}.types.js`,
      group: fullGroup(r),
      version: r.version,
      plural: r.plural ?? `${r.kind.toLowerCase()}s`,
      namespaced: r.api?.namespaced ?? true,
    }));
}

function scaffoldApi(ctx: HookContext, res: ResourceConfig, n: ResourceNames): void {
  const namespaced = ctx.flags['namespaced'] !== false;
  res.path = n.apiDir;
  res.api = { crdVersion: 'v1', namespaced };
  const markers: string[] = [];
  if (ctx.flags['plural'] !== undefined) markers.push(`path=${n.plural}`);
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
    { kind: 'template', template: `${T}/groupversion.ts.hbs`, path: `${n.apiDir}/groupversion.ts`, data, ifExists: 'skip' },
    { kind: 'template', template: `${T}/kind.types.ts.hbs`, path: n.typesFile, data, ifExists: 'error' },
    { kind: 'generated', path: n.resourcesFile, content: renderResourcesFile(resourceEntries(ctx, res)) },
  );
}

function scaffoldController(ctx: HookContext, res: ResourceConfig, n: ResourceNames): void {
  res.controller = true;
  const namespaced = n.core ? ctx.flags['namespaced'] !== false : (res.api?.namespaced ?? true);
  const data = controllerView(ctx, n, namespaced);
  const controllerName = String(data['controllerName']);
  ctx.files.add(
    { kind: 'template', template: `${T}/kind.controller.ts.hbs`, path: n.controllerFile, data, ifExists: 'error' },
    { kind: 'template', template: `${T}/kind.controller.test.ts.hbs`, path: n.controllerTestFile, data, ifExists: 'error' },
  );
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
      controllers: [`new ${local}(mgr.client, mgr.getEventRecorder('${controllerName}-controller')).setupWithManager(mgr);`],
    },
  });
}

/**
 * reconcilerAlias is the name src/main.ts imports a reconciler under: `<Kind>Reconciler`, or
 * `<Kind><Group>Reconciler` when a controller of the same kind in another group is already registered
 * (multigroup projects may have `crew/Captain` and `ship/Captain`).
 */
export function reconcilerAlias(ctx: HookContext, res: ResourceConfig): string {
  const clash = ctx.project.resources.some((r) => r !== res && r.kind === res.kind && r.group !== res.group && r.controller === true);
  return clash ? `${res.kind}${pascal(res.group)}Reconciler` : `${res.kind}Reconciler`;
}

/** createApiSubcommand scaffolds API types, the typed resource descriptor and a controller for a kind. */
export const createApiSubcommand: Subcommand = {
  description: 'TypeScript API types (src/api), controller and its unit test (src/controllers)',
  options: [
    { name: 'resource', type: 'boolean', description: 'scaffold the API types (CRD); false for built-in kinds', default: true },
    { name: 'controller', type: 'boolean', description: 'scaffold a controller for the kind', default: true },
    { name: 'namespaced', type: 'boolean', description: 'the resource is namespace-scoped (false: cluster-scoped)', default: true },
    { name: 'force', type: 'boolean', description: 'overwrite files that already exist', default: false },
  ],
  validate(ctx) {
    const res = ctx.resource;
    if (res === undefined) throw new Error('create api without a resource');
    const resource = ctx.flags['resource'] !== false;
    const controller = ctx.flags['controller'] !== false;
    if (!resource && !controller)
      throw new UserError('--resource=false and --controller=false leave nothing to scaffold', { hint: 'drop one of them' });
    if (res.core === true && resource)
      throw new UserError(`"${res.group}" is a built-in Kubernetes group: ${res.group}/${res.version} ${res.kind} has no API types to scaffold`, {
        hint: `pass --resource=false to scaffold a controller for the built-in ${res.kind}`,
      });
    if (res.core === true && !BUILTIN_KINDS.has(res.kind))
      throw new UserError(`operator-ts/runtime has no descriptor for the built-in kind "${res.kind}"`, {
        hint: `use one of: ${[...BUILTIN_KINDS].join(', ')}`,
      });
  },
  scaffold(ctx) {
    const res = ctx.resource;
    if (res === undefined) throw new Error('create api without a resource');
    const n = resourceNames(ctx.project, res);
    if (ctx.flags['resource'] !== false) scaffoldApi(ctx, res, n);
    if (ctx.flags['controller'] !== false) scaffoldController(ctx, res, n);
  },
};
