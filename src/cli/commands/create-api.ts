import { Command } from 'commander';
import { UserError } from '../../errors/user-error.js';
import type { OptionSpec } from '../../plugin/types.js';
import type { RunContext } from '../run-context.js';
import { runScaffold } from '../runner.js';
import { readGvk } from './project-context.js';
import { createApiTarget } from './resource-target.js';
import { addCommandOptions, examplesHelp, flagValues } from './shared.js';

/** RESOURCE_OPTIONS are the resource flags the CLI binds for create api and create webhook. */
export const RESOURCE_OPTIONS: readonly OptionSpec[] = [
  { name: 'group', type: 'string', description: 'API group without the domain, e.g. cache (required)' },
  { name: 'version', type: 'string', description: 'API version, e.g. v1alpha1 (required)' },
  { name: 'kind', type: 'string', description: 'kind, PascalCase, e.g. Memcached (required)' },
  {
    name: 'plural',
    type: 'string',
    description: 'resource plural (default: the lower-case English plural of the kind)',
  },
];

/** createApiCommand builds `create api`: a new API (types) and/or controller for a group/version/kind. */
export function createApiCommand(ctx: RunContext): Command {
  const chain = ctx.helpChain();
  const cmd = new Command('api').description('Scaffold a Kubernetes API (types, CRD sample, roles) and its controller');
  addCommandOptions(cmd, RESOURCE_OPTIONS, chain, 'createApi');
  cmd.addHelpText(
    'after',
    examplesHelp([
      'operator-ts create api --group cache --version v1alpha1 --kind Memcached',
      'operator-ts create api --group ship --version v1 --kind Frigate --plural frigates --namespaced=false',
      'operator-ts create api --group apps --version v1 --kind Deployment --resource=false   # controller for a built-in kind',
      "operator-ts create api --group cert-manager --version v1 --kind Certificate --resource=false --external-api-domain io --external-api-crd cert-manager.crds.yaml   # for another project's kind",
    ]),
  );
  cmd.action((opts: Record<string, unknown>) =>
    ctx.locked('create api', flagValues(opts), async () => {
      const flags = flagValues(opts);
      const project = ctx.project('create api');
      const runChain = ctx.chain();
      const gvk = readGvk(flags, 'create api');
      const resource = createApiTarget(project, gvk, flags);
      const label = `${gvk.group}/${gvk.version} ${gvk.kind}`;
      if (project.resources.includes(resource) && flags['force'] !== true) {
        if (flags['resource'] !== false && resource.api !== undefined)
          throw new UserError(`the API ${label} already exists in PROJECT`, {
            hint: 'pick another kind or version, or re-run with --force to scaffold its files again',
          });
        if (flags['controller'] !== false && resource.controller === true)
          throw new UserError(`a controller for ${label} already exists in PROJECT`, {
            hint: 'pick another kind or version, or re-run with --force to scaffold its files again',
          });
      }
      if (resource.core !== true && resource.external !== true && !project.multigroup) {
        const other = project.resources.find((r) => r.core !== true && r.external !== true && r.group !== gvk.group);
        if (other !== undefined)
          throw new UserError(
            `this single-group project already uses group "${other.group}"; --group ${gvk.group} would add a second one`,
            {
              hint: 'use --group ' + other.group + ', or switch layouts first with `operator-ts edit --multigroup`',
            },
          );
      }
      if (typeof flags['plural'] === 'string') resource.plural = gvk.plural;
      await runScaffold({
        command: 'createApi',
        io: ctx.io,
        chain: runChain.plugins,
        project,
        resource,
        flags,
        next: 'edit the types and the reconciler, then run: npm run manifests && npm run generate && npm test',
      });
    }),
  );
  return cmd;
}
