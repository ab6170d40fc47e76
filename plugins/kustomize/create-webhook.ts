import { fullGroup, toYaml, toYamlWithMarkers, type FileDescriptor, type Subcommand } from '../../src/index.js';
import { SELF_MANAGED_HEADER, selfManagedCertsFiles } from './self-managed-certs.js';
import { webhookMtlsFiles } from './webhook-mtls.js';
import {
  caInjectionReplacements,
  certManagerFiles,
  certManagerKustomization,
  conversionPatch,
  managerWebhookPatch,
  serviceDnsReplacements,
  webhookFiles,
} from './webhook.js';
import { NETWORK_POLICY_MARKER, webhookNetworkPolicy } from './overlays.js';

function yaml(path: string, object: object): FileDescriptor {
  return { kind: 'generated', path, format: 'yaml', object, ifExists: 'skip' };
}

/** listItem renders one YAML sequence item as a fragment for a `- ...` list marker. */
function listItem(item: object): string {
  return toYaml([item]).replace(/\n$/, '');
}

/** commented is a YAML file the user owns, with a comment above its content. */
function commented(path: string, header: string, object: object): FileDescriptor {
  return { kind: 'generated', path, content: toYamlWithMarkers(object, { header }), ifExists: 'skip' };
}

/**
 * createWebhookSubcommand wires config/webhook, config/certmanager and the manager patch into config/default,
 * and writes config/self-managed-certs (the overlay without cert-manager) and config/webhook-mtls (client
 * certificates: the API server's side and the manager patch).
 */
export const createWebhookSubcommand: Subcommand = {
  description:
    'config/webhook, config/certmanager, the webhook network policy, manager webhook patch, CRD conversion patch, ' +
    'config/self-managed-certs, config/webhook-mtls',
  options: [{ name: 'force', type: 'boolean', description: 'overwrite files that already exist', default: false }],
  scaffold(ctx) {
    const res = ctx.resource;
    if (res === undefined) return;
    const projectName = ctx.project.projectName;
    const admission = ctx.flags['defaulting'] === true || ctx.flags['programmaticValidation'] === true;
    const conversion = ctx.flags['conversion'] === true;
    const selfManaged = selfManagedCertsFiles(projectName);
    const files: FileDescriptor[] = [
      ...Object.entries(webhookFiles(projectName)).map(([f, o]) => yaml(`config/webhook/${f}`, o)),
      ...Object.entries(certManagerFiles(projectName)).map(([f, o]) => yaml(`config/certmanager/${f}`, o)),
      {
        kind: 'generated',
        path: 'config/certmanager/kustomization.yaml',
        content: certManagerKustomization(),
        ifExists: 'skip',
      },
      yaml('config/default/manager_webhook_patch.yaml', managerWebhookPatch()),
      commented('config/self-managed-certs/kustomization.yaml', SELF_MANAGED_HEADER, selfManaged.kustomization),
      ...Object.entries(selfManaged.files).map(([f, o]) => yaml(`config/self-managed-certs/${f}`, o)),
      ...Object.entries(webhookMtlsFiles(projectName)).map(([f, { header, object }]) =>
        commented(`config/webhook-mtls/${f}`, header, object),
      ),
      yaml('config/network-policy/allow-webhook-traffic.yaml', webhookNetworkPolicy(projectName)),
      // Projects scaffolded before the marker existed keep their list as it is.
      {
        kind: 'insert',
        path: 'config/network-policy/kustomization.yaml',
        ifMissing: 'skip',
        fragments: { [NETWORK_POLICY_MARKER]: ['- allow-webhook-traffic.yaml'] },
      },
      {
        kind: 'insert',
        path: 'config/default/kustomization.yaml',
        ifMissing: 'error',
        fragments: {
          resources: ['- ../webhook', '- ../certmanager'],
          patches: [listItem({ path: 'manager_webhook_patch.yaml', target: { kind: 'Deployment' } })],
          replacements: serviceDnsReplacements().map(listItem),
        },
      },
    ];
    if (admission)
      files.push({
        kind: 'insert',
        path: 'config/default/kustomization.yaml',
        ifMissing: 'error',
        fragments: {
          replacements: caInjectionReplacements([
            { kind: 'ValidatingWebhookConfiguration' },
            { kind: 'MutatingWebhookConfiguration' },
          ]).map(listItem),
        },
      });
    if (conversion && res.core !== true) {
      const plural = res.plural;
      const crdName = `${plural}.${fullGroup(res)}`;
      const patchFile = `patches/webhook_in_${plural}.yaml`;
      files.push(
        yaml(`config/crd/${patchFile}`, conversionPatch(crdName)),
        {
          kind: 'insert',
          path: 'config/crd/kustomization.yaml',
          ifMissing: 'error',
          fragments: { crdkustomizewebhookpatch: [`- path: ${patchFile}`] },
        },
        {
          kind: 'insert',
          path: 'config/default/kustomization.yaml',
          ifMissing: 'error',
          fragments: {
            replacements: caInjectionReplacements([{ kind: 'CustomResourceDefinition', name: crdName }]).map(listItem),
          },
        },
      );
    }
    ctx.files.add(...files);
  },
};
