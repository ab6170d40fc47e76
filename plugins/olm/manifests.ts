import { toYaml, toYamlWithMarkers } from '../../src/index.js';
import { csvPath } from './csv-base.js';

/** WEBHOOK_CERT_PATCH is the file (under config/manifests) that drops the cert-manager certificate from the manager. */
export const WEBHOOK_CERT_PATCH = 'webhook_cert_patch.yaml';

/**
 * manifestsKustomization renders config/manifests/kustomization.yaml: the input of `generate bundle`.
 * `../samples` is added by `create api` (samples become alm-examples) and the webhook certificate patch
 * by `create webhook`, each above its scaffold marker.
 */
export function manifestsKustomization(projectName: string): string {
  return toYamlWithMarkers(
    { resources: [csvPath(projectName).replace('config/manifests/', ''), '../default', '../scorecard'], patches: null },
    {
      header:
        'Everything `operator-ts generate bundle` packages: the base ClusterServiceVersion, the deployed operator\n' +
        ' (../default), the samples (alm-examples) and the scorecard tests. Render it with\n' +
        ' `kubectl kustomize config/manifests` (make bundle does). operator-ts commands add entries above the\n' +
        ' +operator-ts:scaffold markers; keep them when you edit this file.',
      listMarkers: { resources: 'manifests-resources' },
      endMarkers: ['manifests-patches'],
    },
  );
}

/**
 * webhookCertPatch is a strategic-merge patch removing the cert-manager serving certificate (volume and
 * mount) from the manager Deployment: OLM creates the webhook certificate itself and mounts it at
 * /tmp/k8s-webhook-server/serving-certs, the path the manager already reads (--webhook-cert-path), and a
 * second mount at that path would make the Deployment invalid.
 */
export function webhookCertPatch(): string {
  const patch = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'controller-manager', namespace: 'system' },
    spec: {
      template: {
        spec: {
          containers: [
            {
              name: 'manager',
              volumeMounts: [{ $patch: 'delete', mountPath: '/tmp/k8s-webhook-server/serving-certs' }],
            },
          ],
          volumes: [{ $patch: 'delete', name: 'webhook-certs' }],
        },
      },
    },
  };
  return (
    '# OLM provides the webhook serving certificate of a bundle (mounted at /tmp/k8s-webhook-server/serving-certs),\n' +
    '# so the bundle drops the cert-manager certificate volume that config/default mounts there.\n' +
    toYaml(patch)
  );
}

/** webhookCertPatchEntry is the `patches:` item applying {@link webhookCertPatch} to the manager Deployment. */
export function webhookCertPatchEntry(): string {
  return toYaml([{ path: WEBHOOK_CERT_PATCH, target: { kind: 'Deployment', name: 'controller-manager' } }]).replace(
    /\n$/,
    '',
  );
}
