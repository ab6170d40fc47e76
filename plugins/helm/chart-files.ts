import { isObj, kindOf, metaOf, nameOf, type KustomizeOutput, type Obj, type SourcedObject } from './kustomize-output.js';
import { managerContainer, managerTemplate, WEBHOOK_CERT_VOLUME } from './manager-template.js';
import {
  certManagerObject,
  crdTemplate,
  metricsService,
  networkPolicy,
  plainObject,
  serviceAccount,
  serviceMonitor,
  templateFileName,
  webhookConfiguration,
  type ObjectTemplate,
} from './object-templates.js';
import { ChartNames } from './references.js';
import { renderTemplate } from './template-yaml.js';
import { chartValues, type ValueGroup, type ValuesInput } from './values-model.js';
import { helpersTpl, notesTxt } from './chart-text.js';

/** ChartInput is what a chart is built from. */
export interface ChartInput {
  readonly chart: string;
  readonly projectName: string;
  readonly output: KustomizeOutput;
  /** ServiceMonitor and NetworkPolicy objects of config/ that config/default leaves out (kustomize's prefix and namespace applied). */
  readonly optional: readonly SourcedObject[];
}

/** ChartBuild is the chart's templates (paths under the chart directory), its values model and notes. */
export interface ChartBuild {
  readonly templates: ReadonlyMap<string, string>;
  readonly values: ValueGroup;
  readonly notes: readonly string[];
}

const RBAC_KINDS = new Set(['Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding']);
const WEBHOOK_KINDS = new Set(['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration']);
const DEFAULT_METRICS_PORT = 8443;

function metricsFacts(container: Obj): { enable: boolean; port: number; secure: boolean } {
  const args = Array.isArray(container['args']) ? container['args'].filter((a): a is string => typeof a === 'string') : [];
  const bind = args.find((a) => a.startsWith('--metrics-bind-address='))?.slice('--metrics-bind-address='.length);
  const port = bind === undefined ? Number.NaN : Number(bind.slice(bind.lastIndexOf(':') + 1));
  const secure = !args.some((a) => a === '--metrics-secure=false');
  return bind === undefined || bind === '0' || !Number.isInteger(port) || port <= 0 ? { enable: false, port: DEFAULT_METRICS_PORT, secure } : { enable: true, port, secure };
}

function imageFacts(container: Obj): ValuesInput['image'] {
  const image = typeof container['image'] === 'string' ? container['image'] : 'controller';
  // Unset, the API server picks the policy from the tag (Always for `latest`, else IfNotPresent).
  const pullPolicy = typeof container['imagePullPolicy'] === 'string' ? container['imagePullPolicy'] : '';
  const colon = image.lastIndexOf(':');
  if (image.includes('@') || colon <= image.lastIndexOf('/')) return { repository: image, tag: '', pullPolicy };
  const tag = image.slice(colon + 1);
  // A chart pins its image to its appVersion; `latest` in the kustomize output is the scaffold's placeholder.
  return { repository: image.slice(0, colon), tag: tag === 'latest' ? '' : tag, pullPolicy };
}

function webhookSecret(manager: Obj): string | undefined {
  const spec = isObj(manager['spec']) && isObj(manager['spec']['template']) && isObj(manager['spec']['template']['spec']) ? manager['spec']['template']['spec'] : {};
  const volumes = Array.isArray(spec['volumes']) ? spec['volumes'].filter(isObj) : [];
  const volume = volumes.find((v) => v['name'] === WEBHOOK_CERT_VOLUME);
  return volume !== undefined && isObj(volume['secret']) && typeof volume['secret']['secretName'] === 'string' ? volume['secret']['secretName'] : undefined;
}

function isCertManager(obj: Obj): boolean {
  return typeof obj['apiVersion'] === 'string' && obj['apiVersion'].startsWith('cert-manager.io/');
}

/** buildChart turns the kustomize output into chart templates and the values model they read. */
export function buildChart(input: ChartInput): ChartBuild {
  const { output } = input;
  const names = new ChartNames(input.chart, input.projectName, output);
  const container = managerContainer(output.manager, output.source);
  const metrics = metricsFacts(container);
  const objects = output.objects.map((o) => o.obj);
  const webhooks = objects.some((o) => WEBHOOK_KINDS.has(kindOf(o))) || webhookSecret(output.manager) !== undefined;
  const present = new Set(objects.map(kindOf));
  const optional = input.optional.filter((o) => !present.has(kindOf(o.obj)));
  for (const o of optional) names.add(nameOf(o.obj));
  const templates = new Map<string, string>();
  const notes: string[] = [];
  const put = (dir: string, obj: Obj, t: ObjectTemplate): void => {
    let path = `templates/${dir}/${templateFileName(obj, output.prefix)}.yaml`;
    if (templates.has(path)) path = path.replace(/\.yaml$/, `-${kindOf(obj).toLowerCase()}.yaml`);
    templates.set(path, renderTemplate(t.object, t.cond));
  };
  const crds: string[] = [];
  for (const obj of [...objects, ...optional.map((o) => o.obj)]) {
    const kind = kindOf(obj);
    const name = nameOf(obj);
    if (kind === 'Namespace') notes.push(`left out Namespace ${name}: a release installs into its namespace (helm install --namespace ${name} --create-namespace)`);
    else if (kind === 'CustomResourceDefinition') {
      crds.push(name);
      put('crd', obj, crdTemplate(names, obj, webhooks));
    } else if (obj === output.manager) put('manager', obj, { object: managerTemplate(names, obj, output.source, webhooks) });
    else if (kind === 'ServiceAccount') put('rbac', obj, serviceAccount(names, obj));
    else if (RBAC_KINDS.has(kind)) put('rbac', obj, plainObject(names, obj));
    else if (kind === 'Service' && name.endsWith('metrics-service')) put('metrics', obj, metricsService(names, obj, metrics.port));
    else if (kind === 'Service' && name.endsWith('webhook-service') && webhooks) put('webhook', obj, { ...plainObject(names, obj), cond: '.Values.webhook.enable' });
    else if (WEBHOOK_KINDS.has(kind)) put('webhook', obj, webhookConfiguration(names, obj));
    else if (isCertManager(obj) && webhooks) put('cert-manager', obj, certManagerObject(names, obj));
    else if (kind === 'ServiceMonitor') put('prometheus', obj, serviceMonitor(names, obj));
    else if (kind === 'NetworkPolicy') put('network-policy', obj, networkPolicy(names, obj, metrics.port));
    else {
      notes.push(`copied ${kind} ${name} as it is (templates/extras/): the chart has no values for it`);
      put('extras', obj, plainObject(names, obj));
    }
  }
  templates.set('templates/_helpers.tpl', helpersTpl(input.chart));
  templates.set('templates/NOTES.txt', notesTxt(input.chart, crds, webhooks));
  const replicas = isObj(output.manager['spec']) && typeof output.manager['spec']['replicas'] === 'number' ? output.manager['spec']['replicas'] : 1;
  const values = chartValues({
    replicas,
    image: imageFacts(container),
    resources: isObj(container['resources']) ? container['resources'] : {},
    leaderElection: Array.isArray(container['args']) && container['args'].includes('--leader-elect'),
    metrics,
    webhooks,
    webhookSecretName: webhookSecret(output.manager) ?? 'webhook-server-cert',
    crds: crds.length > 0,
    serviceMonitor: present.has('ServiceMonitor'),
    networkPolicy: present.has('NetworkPolicy'),
  });
  return { templates, values, notes };
}

/** withKustomizeNames gives a namespaced object of config/ the prefix and namespace config/default would give it. */
export function withKustomizeNames(obj: Obj, output: Pick<KustomizeOutput, 'prefix' | 'namespace'>): Obj {
  return { ...obj, metadata: { ...metaOf(obj), name: `${output.prefix}${nameOf(obj)}`, namespace: output.namespace } };
}

