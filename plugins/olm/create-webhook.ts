import type { FileDescriptor, Subcommand } from '../../src/index.js';
import { csvPath } from './csv-base.js';
import { withAllNamespacesOnly } from './csv-edit.js';
import { WEBHOOK_CERT_PATCH, webhookCertPatch, webhookCertPatchEntry } from './manifests.js';

/**
 * createWebhookSubcommand makes the bundle use OLM's webhook certificate instead of cert-manager's, and
 * for a conversion webhook restricts the base CSV to AllNamespaces, the only mode OLM installs
 * conversion webhooks in.
 */
export const createWebhookSubcommand: Subcommand = {
  description:
    'bundle patch: OLM provides the webhook certificate; conversion webhooks: AllNamespaces install mode only',
  scaffold(ctx) {
    if (ctx.resource === undefined || !ctx.tree.exists('config/manifests/kustomization.yaml')) return;
    const files: FileDescriptor[] = [
      {
        kind: 'generated',
        path: `config/manifests/${WEBHOOK_CERT_PATCH}`,
        content: webhookCertPatch(),
        ifExists: 'skip',
      },
      {
        kind: 'insert',
        path: 'config/manifests/kustomization.yaml',
        ifMissing: 'error',
        fragments: { 'manifests-patches': [webhookCertPatchEntry()] },
      },
    ];
    const path = csvPath(ctx.project.projectName);
    const text = ctx.tree.read(path);
    if (ctx.flags['conversion'] === true && text !== undefined) {
      const updated = withAllNamespacesOnly(path, text);
      if (updated !== undefined) {
        ctx.log.warn(
          `${path}: install modes set to AllNamespaces only, because OLM installs conversion webhooks only for such operators`,
        );
        files.push({ kind: 'generated', path, content: updated, ifExists: 'overwrite' });
      }
    }
    ctx.files.add(...files);
  },
};
