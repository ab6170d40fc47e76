import { UserError } from '../../src/index.js';
import { isObj, type Obj } from './kustomize-output.js';
import { withExtraEntries, type ChartNames } from './references.js';
import { expr, spliceItems, toYamlOf, whenEntries, whenItems } from './template-yaml.js';

/** WEBHOOK_CERT_VOLUME is the volume kustomize's webhook patch mounts the serving certificate from. */
export const WEBHOOK_CERT_VOLUME = 'webhook-certs';
/** METRICS_CERT_DIR is where a provided metrics certificate Secret is mounted. */
export const METRICS_CERT_DIR = '/tmp/k8s-metrics-server/metrics-certs';

const METRICS_ARG = /^--metrics-bind-address=/;

/** managerContainer finds the manager container of the Deployment (named `manager`, else the first). */
export function managerContainer(deployment: Obj, source: string): Obj {
  const spec = podSpec(deployment);
  const containers = Array.isArray(spec['containers']) ? spec['containers'].filter(isObj) : [];
  const found = containers.find((c) => c['name'] === 'manager') ?? containers[0];
  if (found === undefined)
    throw new UserError(`${source}: the manager Deployment has no containers`, {
      hint: 'render config/default, whose manager.yaml declares the manager container',
    });
  return found;
}

function podSpec(deployment: Obj): Obj {
  const spec = isObj(deployment['spec']) ? deployment['spec'] : {};
  const template = isObj(spec['template']) ? spec['template'] : {};
  return isObj(template['spec']) ? template['spec'] : {};
}

/** managerArgs turns the manager's flags into values: metrics, leader election, webhook certificates, extra args. */
function managerArgs(args: readonly unknown[], webhooks: boolean): unknown[] {
  const out: unknown[] = [];
  let metrics = false;
  let leader = false;
  for (const arg of args) {
    if (typeof arg === 'string' && METRICS_ARG.test(arg)) {
      metrics = true;
      out.push(metricsArgs());
    } else if (arg === '--leader-elect') {
      leader = true;
      out.push(whenItems('.Values.manager.leaderElection.enable', ['--leader-elect']));
    } else if (typeof arg === 'string' && arg.startsWith('--metrics-secure')) {
      continue; // the chart sets it from metrics.secure
    } else if (typeof arg === 'string' && arg.startsWith('--webhook-cert-path=') && webhooks) {
      out.push(whenItems('.Values.webhook.enable', [arg]));
    } else out.push(arg);
  }
  if (!metrics) out.unshift(metricsArgs());
  if (!leader) out.push(whenItems('.Values.manager.leaderElection.enable', ['--leader-elect']));
  out.push(whenItems('.Values.metrics.certificate.secretName', [`--metrics-cert-path=${METRICS_CERT_DIR}`]));
  out.push(spliceItems('.Values.manager.extraArgs'));
  return out;
}

function metricsArgs(): unknown {
  return whenItems(
    '.Values.metrics.enable',
    [
      expr('--metrics-bind-address=:{{ .Values.metrics.port }}'),
      whenItems('not .Values.metrics.secure', ['--metrics-secure=false']),
    ],
    ['--metrics-bind-address=0'],
  );
}

function containerTemplate(names: ChartNames, container: Obj, webhooks: boolean): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(container)) {
    if (key === 'args' && Array.isArray(value)) out[key] = managerArgs(value, webhooks);
    else if (key === 'image') {
      out[key] = expr(
        '"{{ .Values.manager.image.repository }}:{{ .Values.manager.image.tag | default .Chart.AppVersion }}"',
      );
      Object.assign(
        out,
        whenEntries('.Values.manager.image.pullPolicy', {
          imagePullPolicy: expr('{{ .Values.manager.image.pullPolicy }}'),
        }),
      );
    } else if (key === 'imagePullPolicy') continue;
    else if (key === 'resources') out[key] = toYamlOf('.Values.manager.resources');
    else if (key === 'env' && Array.isArray(value))
      out[key] = [...(names.deep(value) as unknown[]), spliceItems('.Values.manager.env')];
    else if (key === 'ports' && Array.isArray(value))
      out[key] = value.map((p) =>
        isObj(p) && p['name'] === 'webhook-server' ? whenItems('.Values.webhook.enable', [p]) : names.deep(p),
      );
    else if (key === 'volumeMounts' && Array.isArray(value))
      out[key] = [
        ...value.map((m) =>
          isObj(m) && m['name'] === WEBHOOK_CERT_VOLUME ? whenItems('.Values.webhook.enable', [m]) : names.deep(m),
        ),
        metricsCertMount(),
      ];
    else out[key] = names.deep(value);
  }
  if (!('args' in out)) out['args'] = managerArgs([], webhooks);
  if (!('env' in out)) Object.assign(out, whenEntries('.Values.manager.env', { env: toYamlOf('.Values.manager.env') }));
  if (!('volumeMounts' in out))
    Object.assign(out, whenEntries('.Values.metrics.certificate.secretName', { volumeMounts: [metricsCertMount()] }));
  return out;
}

function metricsCertMount(): unknown {
  return whenItems('.Values.metrics.certificate.secretName', [
    { mountPath: METRICS_CERT_DIR, name: 'metrics-certs', readOnly: true },
  ]);
}

function metricsCertVolume(): unknown {
  return whenItems('.Values.metrics.certificate.secretName', [
    { name: 'metrics-certs', secret: { secretName: expr('{{ .Values.metrics.certificate.secretName }}') } },
  ]);
}

function volumeTemplate(names: ChartNames, volume: unknown): unknown {
  if (!isObj(volume) || volume['name'] !== WEBHOOK_CERT_VOLUME) return names.deep(volume);
  return whenItems('.Values.webhook.enable', [
    { name: WEBHOOK_CERT_VOLUME, secret: { secretName: expr('{{ .Values.webhook.certificate.secretName }}') } },
  ]);
}

const SCHEDULING = ['nodeSelector', 'tolerations', 'affinity', 'imagePullSecrets'] as const;

function podSpecTemplate(names: ChartNames, spec: Obj, container: Obj, webhooks: boolean): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(spec)) {
    if (key === 'containers' && Array.isArray(value))
      out[key] = value.map((c) => (c === container ? containerTemplate(names, c, webhooks) : names.deep(c)));
    else if (key === 'volumes' && Array.isArray(value))
      out[key] = [...value.map((v) => volumeTemplate(names, v)), metricsCertVolume()];
    else if ((SCHEDULING as readonly string[]).includes(key)) continue;
    else out[key] = names.deep(value);
  }
  if (!('volumes' in out))
    Object.assign(out, whenEntries('.Values.metrics.certificate.secretName', { volumes: [metricsCertVolume()] }));
  for (const key of SCHEDULING)
    Object.assign(out, whenEntries(`.Values.manager.${key}`, { [key]: toYamlOf(`.Values.manager.${key}`) }));
  return out;
}

/**
 * managerTemplate is the manager Deployment as a chart template: replicas, image, resources, leader
 * election, metrics and webhook flags, scheduling and extra pod labels and annotations come from values;
 * everything else is what the kustomize output says.
 */
export function managerTemplate(names: ChartNames, deployment: Obj, source: string, webhooks: boolean): Obj {
  const container = managerContainer(deployment, source);
  const spec = isObj(deployment['spec']) ? deployment['spec'] : {};
  const template = isObj(spec['template']) ? spec['template'] : {};
  const podMeta = isObj(template['metadata']) ? template['metadata'] : {};
  const specOut: Obj = {};
  for (const [key, value] of Object.entries(spec)) {
    if (key === 'replicas') specOut[key] = expr('{{ .Values.manager.replicas }}');
    else if (key === 'template') {
      specOut[key] = {
        metadata: {
          annotations: withExtraEntries(
            isObj(podMeta['annotations']) ? (names.deep(podMeta['annotations']) as Obj) : {},
            '.Values.manager.podAnnotations',
          ),
          labels: withExtraEntries(
            isObj(podMeta['labels']) ? (names.deep(podMeta['labels']) as Obj) : {},
            '.Values.manager.podLabels',
          ),
        },
        spec: podSpecTemplate(names, podSpec(deployment), container, webhooks),
      };
    } else specOut[key] = names.deep(value);
  }
  if (!('replicas' in specOut)) specOut['replicas'] = expr('{{ .Values.manager.replicas }}');
  return {
    apiVersion: deployment['apiVersion'],
    kind: deployment['kind'],
    metadata: names.metadata(deployment),
    spec: specOut,
  };
}
