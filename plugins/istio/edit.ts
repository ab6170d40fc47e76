import {
  toYaml,
  toYamlWithMarkers,
  UserError,
  type FileDescriptor,
  type HookContext,
  type Subcommand,
} from '../../src/index.js';
import {
  ISTIO_DIR,
  managerIstioPatch,
  managerIstioWebhookPatch,
  metricsAuthorizationPolicy,
  peerAuthentication,
  PORTS,
  webhookAuthorizationPolicy,
  webhookPeerAuthenticationPatch,
  type ServiceAccountRef,
} from './manifests.js';

/** DEFAULT_METRICS_READER is the Prometheus of kube-prometheus (namespace monitoring, service account prometheus-k8s). */
export const DEFAULT_METRICS_READER = 'monitoring/prometheus-k8s';

// A namespace is a DNS-1123 label; a service account name a DNS-1123 subdomain (k8s.io/apimachinery validation).
const LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
const SUBDOMAIN = /^(?=.{1,253}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** parseMetricsReader reads `<namespace>/<service-account>`; `source` names where the value came from. */
export function parseMetricsReader(value: string, source: string): ServiceAccountRef {
  const [namespace = '', serviceAccount = '', ...rest] = value.split('/');
  if (rest.length > 0 || !LABEL.test(namespace) || !SUBDOMAIN.test(serviceAccount))
    throw new UserError(`${source}: "${value}" is not <namespace>/<service-account>`, {
      hint: `name the namespace and service account of the Prometheus that scrapes the manager, e.g. --metrics-reader ${DEFAULT_METRICS_READER}`,
    });
  return { namespace, serviceAccount };
}

function metricsReader(ctx: HookContext): { ref: ServiceAccountRef; value: string } {
  const flag = ctx.flags['metricsReader'];
  if (typeof flag === 'string' && flag !== '')
    return { ref: parseMetricsReader(flag, '--metrics-reader'), value: flag };
  const recorded = ctx.project.plugins[ctx.pluginKey]?.['metricsReader'];
  if (typeof recorded === 'string')
    return { ref: parseMetricsReader(recorded, `PROJECT plugins.${ctx.pluginKey}.metricsReader`), value: recorded };
  return {
    ref: parseMetricsReader(DEFAULT_METRICS_READER, 'the default metrics reader'),
    value: DEFAULT_METRICS_READER,
  };
}

/** recordReader keeps a metrics reader other than the default in PROJECT, for the next run. */
function recordReader(ctx: HookContext, value: string): void {
  if (value !== DEFAULT_METRICS_READER) ctx.project.plugins[ctx.pluginKey] = { metricsReader: value };
  else delete ctx.project.plugins[ctx.pluginKey];
}

function yaml(path: string, object: object): FileDescriptor {
  return { kind: 'generated', path, format: 'yaml', object, ifExists: 'error' };
}

/** listItem renders one YAML sequence item as a fragment for a `- ...` list marker. */
function listItem(item: object): string {
  return toYaml([item]).replace(/\n$/, '');
}

/** istioKustomization renders config/istio/kustomization.yaml; webhook projects add entries at its markers. */
export function istioKustomization(): string {
  return toYamlWithMarkers(
    { resources: ['peer_authentication.yaml', 'metrics_authorization_policy.yaml'], patches: null },
    { listMarkers: { resources: 'istio-resources' }, endMarkers: ['istio-patches'] },
  );
}

/** meshFiles are the mesh objects and the manager patch every project gets. */
function meshFiles(ctx: HookContext, reader: ServiceAccountRef): FileDescriptor[] {
  const projectName = ctx.project.projectName;
  return [
    { kind: 'generated', path: `${ISTIO_DIR}/kustomization.yaml`, content: istioKustomization(), ifExists: 'skip' },
    yaml(`${ISTIO_DIR}/peer_authentication.yaml`, peerAuthentication(projectName)),
    yaml(`${ISTIO_DIR}/metrics_authorization_policy.yaml`, metricsAuthorizationPolicy(projectName, reader)),
    {
      kind: 'template',
      template: 'istio/edit/README.md.hbs',
      path: `${ISTIO_DIR}/README.md`,
      data: { projectName, ports: PORTS },
      ifExists: 'error',
    },
    yaml('config/default/manager_istio_patch.yaml', managerIstioPatch()),
    {
      kind: 'insert',
      path: 'config/default/kustomization.yaml',
      ifMissing: 'error',
      fragments: {
        resources: [`- ../istio`],
        patches: [listItem({ path: 'manager_istio_patch.yaml', target: { kind: 'Deployment' } })],
      },
    },
  ];
}

/** webhookMeshFiles open the webhook port to the API server, which is outside the mesh. */
export function webhookMeshFiles(projectName: string): FileDescriptor[] {
  return [
    yaml(`${ISTIO_DIR}/webhook_authorization_policy.yaml`, webhookAuthorizationPolicy(projectName)),
    yaml(`${ISTIO_DIR}/webhook_peer_authentication_patch.yaml`, webhookPeerAuthenticationPatch()),
    {
      kind: 'insert',
      path: `${ISTIO_DIR}/kustomization.yaml`,
      ifMissing: 'error',
      fragments: {
        'istio-resources': ['- webhook_authorization_policy.yaml'],
        'istio-patches': [
          listItem({
            path: 'webhook_peer_authentication_patch.yaml',
            target: { kind: 'PeerAuthentication', name: 'controller-manager' },
          }),
        ],
      },
    },
    yaml('config/default/manager_istio_webhook_patch.yaml', managerIstioWebhookPatch()),
    {
      kind: 'insert',
      path: 'config/default/kustomization.yaml',
      ifMissing: 'error',
      fragments: { patches: [listItem({ path: 'manager_istio_webhook_patch.yaml', target: { kind: 'Deployment' } })] },
    },
  ];
}

/**
 * editSubcommand makes the manager fit an Istio mesh (`operator-ts edit --plugins istio/v1`): config/istio
 * (mTLS, who may scrape metrics, the webhook port for the API server), the pod annotations, both wired
 * into config/default. Running it again changes nothing; a different --metrics-reader is a conflict
 * unless --force is given.
 */
export const editSubcommand: Subcommand = {
  description:
    'with --plugins istio/v1: config/istio (PeerAuthentication, AuthorizationPolicies) and the manager pod annotations for an Istio mesh',
  examples: [
    '{cmd} edit --plugins istio/v1',
    '{cmd} edit --plugins istio/v1 --metrics-reader monitoring/prometheus-k8s',
  ],
  options: [
    {
      name: 'metrics-reader',
      type: 'string',
      description: `<namespace>/<service-account> of the Prometheus allowed to scrape metrics in the mesh (default ${DEFAULT_METRICS_READER})`,
    },
    { name: 'force', type: 'boolean', description: 'overwrite files that edit re-renders', default: false },
  ],
  scaffold(ctx) {
    const reader = metricsReader(ctx);
    const flagged = typeof ctx.flags['metricsReader'] === 'string';
    if (ctx.tree.exists(`${ISTIO_DIR}/kustomization.yaml`)) {
      // Set up before: another edit (--namespaced --force) must not overwrite the author's mesh files.
      if (flagged) {
        ctx.files.add(
          yaml(
            `${ISTIO_DIR}/metrics_authorization_policy.yaml`,
            metricsAuthorizationPolicy(ctx.project.projectName, reader.ref),
          ),
        );
        recordReader(ctx, reader.value);
      }
      return;
    }
    ctx.files.add(...meshFiles(ctx, reader.ref));
    if (ctx.project.resources.some((r) => r.webhooks !== undefined))
      ctx.files.add(...webhookMeshFiles(ctx.project.projectName));
    recordReader(ctx, reader.value);
  },
};

/** createWebhookSubcommand opens the webhook port in the mesh when a project that uses istio/v1 gets its first webhook. */
export const createWebhookSubcommand: Subcommand = {
  description: 'open the webhook port to the API server in config/istio',
  scaffold(ctx) {
    if (ctx.resource === undefined) return;
    ctx.files.add(...webhookMeshFiles(ctx.project.projectName));
  },
};
