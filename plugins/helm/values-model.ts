// The chart's values as one model: values.yaml (defaults with their comments), values.schema.json and the
// merge with a values.yaml the user edited all derive from it, so the three cannot drift apart.

/** JsonSchema is a JSON Schema fragment, built as an object. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** ValueField is one leaf of values.yaml: its default and schema. The user's value of it is kept whole. */
export interface ValueField {
  readonly kind: 'field';
  readonly description: string;
  readonly default: unknown;
  readonly schema: JsonSchema;
}

/** ValueGroup is a map of values.yaml whose keys the chart defines (the merge walks into it). */
export interface ValueGroup {
  readonly kind: 'group';
  readonly description: string;
  readonly fields: Readonly<Record<string, ValueField | ValueGroup>>;
}

/** ValuesInput is what the kustomize output says the defaults are. */
export interface ValuesInput {
  readonly replicas: number;
  readonly image: { readonly repository: string; readonly tag: string; readonly pullPolicy: string };
  readonly resources: unknown;
  readonly leaderElection: boolean;
  readonly metrics: { readonly enable: boolean; readonly port: number; readonly secure: boolean };
  readonly webhooks: boolean;
  readonly webhookSecretName: string;
  readonly crds: boolean;
  readonly serviceMonitor: boolean;
  readonly networkPolicy: boolean;
}

const field = (description: string, value: unknown, schema: JsonSchema): ValueField => ({
  kind: 'field',
  description,
  default: value,
  schema,
});
const group = (description: string, fields: Record<string, ValueField | ValueGroup>): ValueGroup => ({
  kind: 'group',
  description,
  fields,
});
const bool = (description: string, value: boolean): ValueField => field(description, value, { type: 'boolean' });
const stringMap = (description: string): ValueField =>
  field(description, {}, { type: 'object', additionalProperties: { type: 'string' } });
const PORT: JsonSchema = { type: 'integer', minimum: 1, maximum: 65535 };

function managerGroup(input: ValuesInput): ValueGroup {
  return group('The manager Deployment.', {
    replicas: field('Number of manager pods; with more than one, leader election keeps one active.', input.replicas, {
      type: 'integer',
      minimum: 0,
    }),
    image: group('The manager image.', {
      repository: field('Image repository.', input.image.repository, { type: 'string', minLength: 1 }),
      tag: field("Image tag; empty means the chart's appVersion.", input.image.tag, { type: 'string' }),
      pullPolicy: field(
        'Image pull policy; empty leaves it to the API server (Always for a `latest` tag, else IfNotPresent).',
        input.image.pullPolicy,
        { type: 'string', enum: ['', 'Always', 'IfNotPresent', 'Never'] },
      ),
    }),
    resources: field('CPU and memory requests and limits of the manager container.', input.resources, {
      type: 'object',
    }),
    leaderElection: group('Leader election on a coordination.k8s.io Lease (--leader-elect).', {
      enable: bool('Elect one active manager among the replicas.', input.leaderElection),
    }),
    extraArgs: field('More command-line flags for the manager.', [], { type: 'array', items: { type: 'string' } }),
    env: field('More environment variables of the manager container (EnvVar objects).', [], {
      type: 'array',
      items: { type: 'object' },
    }),
    podLabels: stringMap('Extra labels of the manager pods.'),
    podAnnotations: stringMap('Extra annotations of the manager pods.'),
    nodeSelector: stringMap('Node selector of the manager pods.'),
    tolerations: field('Tolerations of the manager pods.', [], { type: 'array', items: { type: 'object' } }),
    affinity: field('Affinity of the manager pods.', {}, { type: 'object' }),
    imagePullSecrets: field('Secrets to pull the manager image with.', [], {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    }),
  });
}

function webhookGroup(input: ValuesInput): ValueGroup {
  return group('The admission and conversion webhook server.', {
    enable: bool('Serve the webhooks and register them with the API server.', true),
    certManager: group('Serving certificate issued by cert-manager (which must be installed in the cluster).', {
      enable: bool(
        'Create a self-signed Issuer and a Certificate, and let cert-manager inject the CA into the webhook configurations.',
        true,
      ),
    }),
    certificate: group(
      'The serving certificate Secret (kubernetes.io/tls), issued by cert-manager or provided by you.',
      {
        secretName: field('Name of the Secret in the release namespace.', input.webhookSecretName, {
          type: 'string',
          minLength: 1,
        }),
        caBundle: field(
          'Base64 PEM CA bundle that signed a provided certificate; set it when certManager.enable is false.',
          '',
          { type: 'string' },
        ),
      },
    ),
  });
}

/** chartValues is the values model of a chart built from the given kustomize output facts. */
export function chartValues(input: ValuesInput): ValueGroup {
  const fields: Record<string, ValueField | ValueGroup> = {
    nameOverride: field('Replaces the chart name in the names of the objects.', '', { type: 'string' }),
    fullnameOverride: field('Replaces <release>-<chart> as the prefix of the names of the objects.', '', {
      type: 'string',
    }),
    manager: managerGroup(input),
    serviceAccount: group("The manager's ServiceAccount.", {
      annotations: stringMap('Annotations of the ServiceAccount (e.g. a cloud workload identity).'),
    }),
  };
  if (input.crds)
    fields['crds'] = group('The CustomResourceDefinitions of the operator.', {
      enable: bool('Install and upgrade the CRDs with the chart.', true),
      keep: bool(
        'Keep the CRDs (and so every custom resource) when the release is uninstalled (helm.sh/resource-policy: keep).',
        true,
      ),
    });
  fields['metrics'] = group('The metrics endpoint (/metrics) of the manager.', {
    enable: bool('Serve metrics (--metrics-bind-address) and create their Service.', input.metrics.enable),
    port: field('Port of the metrics endpoint.', input.metrics.port, PORT),
    secure: bool(
      'Serve metrics over HTTPS with authentication and authorization (false: plain HTTP).',
      input.metrics.secure,
    ),
    certificate: group('Serving certificate of the metrics endpoint; empty means a self-signed one made at start.', {
      secretName: field(
        'Name of a kubernetes.io/tls Secret in the release namespace, mounted for --metrics-cert-path.',
        '',
        { type: 'string' },
      ),
    }),
  });
  if (input.webhooks) fields['webhook'] = webhookGroup(input);
  fields['prometheus'] = group('Prometheus Operator integration (needs its CRDs in the cluster).', {
    serviceMonitor: group('A ServiceMonitor scraping the metrics endpoint.', {
      enable: bool('Create the ServiceMonitor.', input.serviceMonitor),
    }),
  });
  fields['networkPolicy'] = group(
    'NetworkPolicies of config/network-policy: only namespaces labelled for it reach the metrics endpoint.',
    {
      enable: bool('Create the NetworkPolicies.', input.networkPolicy),
    },
  );
  return group('', fields);
}

/** defaultsOf is the plain values object of a model node (values.yaml without comments). */
export function defaultsOf(node: ValueField | ValueGroup): unknown {
  if (node.kind === 'field') return structuredClone(node.default);
  return Object.fromEntries(Object.entries(node.fields).map(([k, v]) => [k, defaultsOf(v)]));
}

/** schemaOf is the JSON Schema of a model node; groups refuse keys they do not define (typos fail `helm lint`). */
export function schemaOf(node: ValueField | ValueGroup): JsonSchema {
  if (node.kind === 'field') return { description: node.description, ...node.schema };
  return {
    ...(node.description === '' ? {} : { description: node.description }),
    type: 'object',
    properties: Object.fromEntries(Object.entries(node.fields).map(([k, v]) => [k, schemaOf(v)])),
    additionalProperties: false,
  };
}

/** valuesSchema is values.schema.json of the chart. The top level allows other keys (e.g. `global`, subcharts). */
export function valuesSchema(model: ValueGroup): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft-07/schema#',
    title: 'Values',
    ...schemaOf(model),
    additionalProperties: true,
  };
}
