import { Command } from 'commander';
import type { RunContext } from '../run-context.js';
import { runScaffold } from '../runner.js';
import { RESOURCE_OPTIONS } from './create-api.js';
import { readGvk } from './project-context.js';
import { createWebhookTarget } from './resource-target.js';
import { addCommandOptions, examplesHelp, flagValues } from './shared.js';

/** createWebhookCommand builds `create webhook`: defaulting, validating and conversion webhooks for an API. */
export function createWebhookCommand(ctx: RunContext): Command {
  const chain = ctx.helpChain();
  const cmd = new Command('webhook').description(
    'Scaffold admission (defaulting, validation), conversion or Pod sidecar-injection webhooks',
  );
  addCommandOptions(cmd, RESOURCE_OPTIONS, chain, 'createWebhook');
  cmd.addHelpText(
    'after',
    examplesHelp([
      'operator-ts create webhook --group cache --version v1alpha1 --kind Memcached --defaulting --programmatic-validation',
      'operator-ts create webhook --group cache --version v1alpha1 --kind Memcached --programmatic-validation   # add to an existing defaulting webhook',
      'operator-ts create webhook --group cache --version v2 --kind Memcached --conversion --spoke v1alpha1',
    ]),
  );
  cmd.action((opts: Record<string, unknown>) =>
    ctx.locked('create webhook', flagValues(opts), async () => {
      const project = ctx.project('create webhook');
      const runChain = ctx.chain();
      const gvk = readGvk(flagValues(opts), 'create webhook');
      const resource = createWebhookTarget(project, gvk, flagValues(opts));
      await runScaffold({
        command: 'createWebhook',
        io: ctx.io,
        chain: runChain.plugins,
        project,
        resource,
        flags: flagValues(opts),
        next: 'implement the TODO(user) parts of the webhook, then run: npm run manifests && npm test',
      });
    }),
  );
  return cmd;
}
