import {
  apiDir,
  builtinKinds,
  findBuiltinKind,
  controllersDir,
  externalApiDir,
  resourceFileName,
  typesFileName,
  fullGroup,
  pascal,
  relativeImport,
  webhooksDir,
  type ProjectConfig,
  type ResourceConfig,
} from '../../src/index.js';

/** ResourceNames are the names and paths every typescript/v1 template of one resource needs. */
export interface ResourceNames {
  kind: string;
  /** Lower-case kind, the base of file names (`memcached`). */
  kindLower: string;
  plural: string;
  /** Short group (`cache`). */
  group: string;
  /** Full API group (`cache.example.com`, `apps`, `` for core). */
  fullGroup: string;
  /** Group as written in RBAC markers: `core` for the legacy core group. */
  rbacGroup: string;
  version: string;
  apiDir: string;
  typesFile: string;
  resourcesFile: string;
  controllerFile: string;
  controllerTestFile: string;
  webhookFile: string;
  webhookTestFile: string;
  /**
   * Local name of the object type in the files that import it (`Memcached`, `V1Deployment` for built-in
   * kinds, `WireObject` for a kind named like a name those files import, see {@link IMPORTED_BESIDE_KIND}).
   */
  typeName: string;
  /** The import specifier of the object type: `Memcached`, or `Wire as WireObject`. */
  typeSpecifier: string;
  /** The descriptor the code passes to the client: `MemcachedResource`, or `builtin.Deployment` from operator-ts/runtime. */
  resourceRef: string;
  core: boolean;
  /** The kind belongs to another project (`create api --external-api-domain`). */
  external: boolean;
}

/** resourceNames computes {@link ResourceNames} for a resource of a project. */
export function resourceNames(project: ProjectConfig, res: ResourceConfig): ResourceNames {
  const kindLower = res.kind.toLowerCase();
  const external = res.external === true;
  // A kind the project does not own has its (imported) types in its own folder, with one descriptor file per kind.
  const dir = external ? (res.path ?? externalApiDir(fullGroup(res), res.version)) : apiDir(project, res);
  const controllers = controllersDir(project, res);
  const webhooks = webhooksDir(project, res);
  const group = fullGroup(res);
  const core = res.core === true;
  const known = core ? findBuiltinKind(group, res.version, res.kind) : undefined;
  if (core && known === undefined)
    throw new Error(`${group}/${res.version} ${res.kind} is no built-in kind of operator-ts/runtime`);
  return {
    kind: res.kind,
    kindLower,
    plural: res.plural,
    group: res.group,
    fullGroup: group,
    rbacGroup: group === '' ? 'core' : group,
    version: res.version,
    apiDir: dir,
    typesFile: `${dir}/${external ? typesFileName(res.kind) : `${kindLower}.types.ts`}`,
    resourcesFile: `${dir}/${external ? resourceFileName(res.kind) : 'zz_generated.resources.ts'}`,
    controllerFile: `${controllers}/${kindLower}.controller.ts`,
    controllerTestFile: `${controllers}/${kindLower}.controller.test.ts`,
    webhookFile: `${webhooks}/${kindLower}.webhook.ts`,
    webhookTestFile: `${webhooks}/${kindLower}.webhook.test.ts`,
    ...typeNames(core ? builtinTypeName(group, res.version, res.kind) : res.kind),
    resourceRef: known !== undefined ? `builtin.${known.name}` : `${res.kind}Resource`,
    core,
    external,
  };
}

/**
 * IMPORTED_BESIDE_KIND are the names the scaffolded files that import a kind's type (webhook, its test,
 * the controller test, conversion) also import from operator-ts/runtime (FakeClient from
 * operator-ts/runtime/fake) or use as globals. A kind of such
 * a name (Wire, Manager, Warnings...) is imported under an alias there, so that the project compiles.
 */
export const IMPORTED_BESIDE_KIND: ReadonlySet<string> = new Set([
  'AdmissionContext',
  'CustomDefaulter',
  'CustomValidator',
  'Manager',
  'Warnings',
  'Wire',
  'FakeClient',
  'ReconcileContext',
  'AbortController',
]);

/** typeNames is the local name and import specifier of a type exported as `exported`. */
export function typeNames(exported: string): { typeName: string; typeSpecifier: string } {
  if (!IMPORTED_BESIDE_KIND.has(exported)) return { typeName: exported, typeSpecifier: exported };
  const local = `${exported}Object`;
  return { typeName: local, typeSpecifier: `${exported} as ${local}` };
}

/**
 * builtinTypeName is the @kubernetes/client-node model of a built-in kind: `V1Deployment`, or, for a kind
 * that two groups serve at one version, the model prefixed with its group (`CoreV1Event`, `EventsV1Event`).
 */
function builtinTypeName(group: string, version: string, kind: string): string {
  const shared = builtinKinds().filter((k) => k.kind === kind && k.version === version).length > 1;
  return `${shared ? pascal(group === '' ? 'core' : (group.split('.')[0] ?? group)) : ''}${pascal(version)}${kind}`;
}

/** importFrom is the ESM specifier of `file` as seen from the file `fromFile`. */
export function importFrom(fromFile: string, file: string): string {
  return relativeImport(fromFile.slice(0, fromFile.lastIndexOf('/')), file);
}
