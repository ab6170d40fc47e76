import { toYamlWithMarkers } from '../../src/index.js';
import { commonLabels, managerSelector } from './labels.js';

/** webhookFiles builds config/webhook: the Service in front of the webhook server and the kustomization. */
export function webhookFiles(projectName: string): Record<string, object> {
  return {
    'kustomization.yaml': { resources: ['manifests.yaml', 'service.yaml'], configurations: ['kustomizeconfig.yaml'] },
    'kustomizeconfig.yaml': {
      nameReference: [
        {
          kind: 'Service',
          version: 'v1',
          fieldSpecs: [
            {
              kind: 'MutatingWebhookConfiguration',
              group: 'admissionregistration.k8s.io',
              path: 'webhooks/clientConfig/service/name',
            },
            {
              kind: 'ValidatingWebhookConfiguration',
              group: 'admissionregistration.k8s.io',
              path: 'webhooks/clientConfig/service/name',
            },
          ],
        },
      ],
      namespace: [
        {
          kind: 'MutatingWebhookConfiguration',
          group: 'admissionregistration.k8s.io',
          path: 'webhooks/clientConfig/service/namespace',
          create: true,
        },
        {
          kind: 'ValidatingWebhookConfiguration',
          group: 'admissionregistration.k8s.io',
          path: 'webhooks/clientConfig/service/namespace',
          create: true,
        },
      ],
    },
    'service.yaml': {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { labels: commonLabels(projectName), name: 'webhook-service', namespace: 'system' },
      spec: { ports: [{ port: 443, protocol: 'TCP', targetPort: 9443 }], selector: managerSelector(projectName) },
    },
  };
}

/**
 * certManagerFiles builds config/certmanager: a self-signed Issuer, the webhook serving Certificate and the
 * metrics endpoint's Certificate (kustomization.yaml is {@link certManagerKustomization}).
 */
export function certManagerFiles(projectName: string): Record<string, object> {
  return {
    'kustomizeconfig.yaml': {
      nameReference: [
        {
          kind: 'Issuer',
          group: 'cert-manager.io',
          fieldSpecs: [{ kind: 'Certificate', group: 'cert-manager.io', path: 'spec/issuerRef/name' }],
        },
      ],
    },
    'issuer.yaml': {
      apiVersion: 'cert-manager.io/v1',
      kind: 'Issuer',
      metadata: { labels: commonLabels(projectName), name: 'selfsigned-issuer', namespace: 'system' },
      spec: { selfSigned: {} },
    },
    'certificate-webhook.yaml': {
      apiVersion: 'cert-manager.io/v1',
      kind: 'Certificate',
      metadata: { labels: commonLabels(projectName), name: 'serving-cert', namespace: 'system' },
      spec: {
        // SERVICE_NAME and SERVICE_NAMESPACE are replaced by kustomize replacements in config/default.
        dnsNames: ['SERVICE_NAME.SERVICE_NAMESPACE.svc', 'SERVICE_NAME.SERVICE_NAMESPACE.svc.cluster.local'],
        issuerRef: { kind: 'Issuer', name: 'selfsigned-issuer' },
        secretName: 'webhook-server-cert',
      },
    },
    // Listed (commented) in kustomization.yaml: its DNS names are only filled in once the [METRICS-WITH-CERTS]
    // sections of config/default/kustomization.yaml are uncommented too.
    'certificate-metrics.yaml': {
      apiVersion: 'cert-manager.io/v1',
      kind: 'Certificate',
      metadata: { labels: commonLabels(projectName), name: 'metrics-certs', namespace: 'system' },
      spec: {
        dnsNames: ['SERVICE_NAME.SERVICE_NAMESPACE.svc', 'SERVICE_NAME.SERVICE_NAMESPACE.svc.cluster.local'],
        issuerRef: { kind: 'Issuer', name: 'selfsigned-issuer' },
        secretName: 'metrics-server-cert',
      },
    },
  };
}

/**
 * certManagerKustomization is config/certmanager/kustomization.yaml. The metrics Certificate is listed
 * commented out: until the [METRICS-WITH-CERTS] replacements give it the metrics Service's DNS names it would
 * be issued for placeholder names (kubebuilder's scaffold issues it so).
 */
export function certManagerKustomization(): string {
  return toYamlWithMarkers(
    { resources: ['issuer.yaml', 'certificate-webhook.yaml'], configurations: ['kustomizeconfig.yaml'] },
    {
      listMarkers: { resources: 'certmanager' },
      listComments: {
        resources:
          ' [METRICS-WITH-CERTS] Uncomment with the sections of config/default/kustomization.yaml:\n- certificate-metrics.yaml',
      },
    },
  );
}

/** managerWebhookPatch mounts the serving certificate into the manager and opens the webhook port. */
export function managerWebhookPatch(): object {
  return [
    {
      op: 'add',
      path: '/spec/template/spec/containers/0/args/-',
      value: '--webhook-cert-path=/tmp/k8s-webhook-server/serving-certs',
    },
    {
      op: 'add',
      path: '/spec/template/spec/containers/0/volumeMounts/-',
      value: { mountPath: '/tmp/k8s-webhook-server/serving-certs', name: 'webhook-certs', readOnly: true },
    },
    {
      op: 'add',
      path: '/spec/template/spec/containers/0/ports/-',
      value: { containerPort: 9443, name: 'webhook-server', protocol: 'TCP' },
    },
    {
      op: 'add',
      path: '/spec/template/spec/volumes/-',
      value: { name: 'webhook-certs', secret: { secretName: 'webhook-server-cert' } },
    },
  ];
}

const CERT = { kind: 'Certificate', group: 'cert-manager.io', version: 'v1', name: 'serving-cert' };
const SERVICE = { kind: 'Service', version: 'v1', name: 'webhook-service' };

/** serviceDnsReplacements fill the Certificate's DNS names from the webhook Service name and namespace. */
export function serviceDnsReplacements(): object[] {
  return [0, 1].map((index) => ({
    source: { ...SERVICE, fieldPath: index === 0 ? '.metadata.name' : '.metadata.namespace' },
    targets: [
      {
        select: CERT,
        fieldPaths: ['.spec.dnsNames.0', '.spec.dnsNames.1'],
        options: { delimiter: '.', index, create: true },
      },
    ],
  }));
}

/** caInjectionReplacements set cert-manager's inject-ca-from annotation (`<namespace>/<certificate>`) on the selected objects. */
export function caInjectionReplacements(selects: readonly object[]): object[] {
  return [0, 1].map((index) => ({
    source: { ...CERT, fieldPath: index === 0 ? '.metadata.namespace' : '.metadata.name' },
    targets: selects.map((select) => ({
      select,
      fieldPaths: ['.metadata.annotations.[cert-manager.io/inject-ca-from]'],
      options: { delimiter: '/', index, create: true },
    })),
  }));
}

/** conversionPatch points a CRD's conversion at the webhook Service (config/crd/patches/webhook_in_<plural>.yaml). */
export function conversionPatch(crdName: string): object {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: crdName },
    spec: {
      conversion: {
        strategy: 'Webhook',
        webhook: {
          clientConfig: { service: { namespace: 'system', name: 'webhook-service', path: '/convert' } },
          conversionReviewVersions: ['v1'],
        },
      },
    },
  };
}
