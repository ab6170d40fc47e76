import { basename } from 'node:path';
import { Command } from 'commander';
import { isUserError, UserError } from '../../errors/user-error.js';
import { cliVersion } from '../../machinery/template-root.js';
import { newProject } from '../../model/project.js';
import { validateDomain, validateProjectName, validateRepo } from '../../model/naming.js';
import type { OptionSpec } from '../../plugin/types.js';
import type { RunContext } from '../run-context.js';
import { runScaffold } from '../runner.js';
import { addCommandOptions, examplesHelp, flagValues } from './shared.js';

const OWN_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'domain',
    type: 'string',
    description: 'domain of the API groups (group cache becomes cache.<domain>)',
    default: 'my.domain',
  },
  { name: 'project-name', type: 'string', description: 'project name, a DNS-1123 label (default: the directory name)' },
  {
    name: 'repo',
    type: 'string',
    description: 'repository (module path) of the project, recorded in PROJECT, e.g. github.com/org/project',
  },
  { name: 'multigroup', type: 'boolean', description: 'lay APIs out as src/api/<group>/<version>', default: false },
  {
    name: 'namespaced',
    type: 'boolean',
    description: 'watch only the namespaces in WATCH_NAMESPACE, with Role instead of ClusterRole',
    default: false,
  },
];

/** initCommand builds `init`: scaffold a new project in the current directory. */
export function initCommand(ctx: RunContext): Command {
  const { io } = ctx;
  const chain = ctx.helpChain('init');
  const cmd = new Command('init').description('Initialise a new operator project in the current directory');
  addCommandOptions(cmd, OWN_OPTIONS, chain, 'init');
  cmd.addHelpText(
    'after',
    examplesHelp([
      'operator-ts init --domain example.com --project-name memcached-operator',
      'operator-ts init --domain example.com --multigroup --skip-install',
      'operator-ts init --operator-ts-version ../operator-ts/operator-ts-0.1.0.tgz',
    ]),
  );
  cmd.action((opts: Record<string, unknown>) =>
    ctx.locked('init', flagValues(opts), async () => {
      const flags = flagValues(opts);
      if (ctx.hasProjectFile())
        throw new UserError(`${io.cwd} already holds an operator-ts project (PROJECT exists)`, {
          hint: 'run init in an empty directory; to change this project use `operator-ts create api`, `create webhook` or `edit`',
        });
      const domain = String(flags['domain']);
      validateDomain(domain);
      const fromFlag = typeof flags['projectName'] === 'string';
      const projectName = fromFlag ? String(flags['projectName']) : basename(io.cwd).toLowerCase();
      try {
        validateProjectName(projectName);
      } catch (err) {
        if (fromFlag || !isUserError(err)) throw err;
        throw new UserError(`${err.message}; it defaults to the directory name "${basename(io.cwd)}"`, {
          hint: err.hint,
          cause: err,
        });
      }
      const repo = typeof flags['repo'] === 'string' ? flags['repo'] : undefined;
      if (repo !== undefined) validateRepo(repo);
      const runChain = ctx.chain('init');
      const project = newProject({
        domain,
        projectName,
        ...(repo === undefined ? {} : { repo }),
        layout: [...runChain.layout],
        cliVersion: cliVersion(),
        multigroup: flags['multigroup'] === true,
        namespaced: flags['namespaced'] === true,
      });
      await runScaffold({
        command: 'init',
        io,
        chain: runChain.plugins,
        project,
        flags,
        next:
          flags['skipInstall'] === true
            ? 'run npm install, then define a resource with: operator-ts create api --group <group> --version <version> --kind <Kind>'
            : 'define a resource with: operator-ts create api --group <group> --version <version> --kind <Kind>',
      });
    }),
  );
  return cmd;
}
