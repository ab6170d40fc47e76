/** WebhookMtlsFile is one file of config/webhook-mtls: a header comment and the object below it. */
export interface WebhookMtlsFile {
  header: string;
  object: object;
}

const CLIENT_CA_DIR = '/etc/webhook-client-ca';

/**
 * webhookMtlsFiles builds config/webhook-mtls: the API server's side of webhook client certificates (an
 * AdmissionConfiguration and the kubeconfig it names, files for the control plane's hosts, not objects
 * to apply) and a manager patch that makes the webhook server require them.
 */
export function webhookMtlsFiles(projectName: string): Record<string, WebhookMtlsFile> {
  const kubeconfig = '/etc/kubernetes/webhook-kubeconfig.yaml';
  const plugin = (name: string) => ({
    name,
    configuration: {
      apiVersion: 'apiserver.config.k8s.io/v1',
      kind: 'WebhookAdmissionConfiguration',
      kubeConfigFile: kubeconfig,
    },
  });
  return {
    'admission-configuration.yaml': {
      header:
        'A sample for the control plane, not an object to apply: kube-apiserver started with\n' +
        ' --admission-control-config-file=<this file> presents the client certificate of the kubeconfig below\n' +
        ' when it calls admission webhooks. CRD conversion calls present none (kubernetes/kubernetes#131810):\n' +
        ' a manager that converts must not require client certificates.',
      object: {
        apiVersion: 'apiserver.config.k8s.io/v1',
        kind: 'AdmissionConfiguration',
        plugins: [plugin('ValidatingAdmissionWebhook'), plugin('MutatingAdmissionWebhook')],
      },
    },
    'webhook-kubeconfig.yaml': {
      header:
        `A sample for the control plane (${kubeconfig}): the client certificate kube-apiserver presents to this\n` +
        " manager's webhook Service (user <service>.<namespace>.svc; user '*' would match every webhook). Issue it\n" +
        ' from the CA given to the manager with --webhook-client-ca, with the name given in\n' +
        ' --webhook-allowed-client-names as its common name.',
      object: {
        apiVersion: 'v1',
        kind: 'Config',
        users: [
          {
            name: `${projectName}-webhook-service.${projectName}-system.svc`,
            user: {
              'client-certificate': '/etc/kubernetes/pki/webhook-client.crt',
              'client-key': '/etc/kubernetes/pki/webhook-client.key',
            },
          },
        ],
      },
    },
    'manager_client_ca_patch.yaml': {
      header:
        "Makes the webhook server require the API server's client certificate: copy it into config/default, add\n" +
        ' it to the patches there (- path: manager_client_ca_patch.yaml, target: kind: Deployment), and create the\n' +
        ' ConfigMap webhook-client-ca (key ca.crt: the CA that issued the certificate of\n' +
        " webhook-kubeconfig.yaml) in the manager's namespace.",
      object: [
        {
          op: 'add',
          path: '/spec/template/spec/containers/0/args/-',
          value: `--webhook-client-ca=${CLIENT_CA_DIR}/ca.crt`,
        },
        {
          op: 'add',
          path: '/spec/template/spec/containers/0/args/-',
          value: '--webhook-allowed-client-names=kube-apiserver',
        },
        {
          op: 'add',
          path: '/spec/template/spec/containers/0/volumeMounts/-',
          value: { mountPath: CLIENT_CA_DIR, name: 'webhook-client-ca', readOnly: true },
        },
        {
          op: 'add',
          path: '/spec/template/spec/volumes/-',
          value: { name: 'webhook-client-ca', configMap: { name: 'webhook-client-ca' } },
        },
      ],
    },
  };
}
