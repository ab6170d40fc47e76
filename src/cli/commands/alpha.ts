import { Command } from 'commander';
import { bindOptions, GLOBAL_OPTIONS } from '../options.js';
import type { RunArgv } from '../alpha/scaffolder.js';
import type { RunContext } from '../run-context.js';
import { examplesHelp } from './shared.js';

const COMMON = GLOBAL_OPTIONS.filter((o) => o.name !== 'plugins');

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function alphaGenerateCommand(ctx: RunContext, runArgv: RunArgv): Command {
  const cmd = new Command('generate')
    .description('Scaffold the project again from PROJECT with this operator-ts, keeping your code')
    .option('--input-dir <dir>', 'the project to scaffold again (default: the current folder)')
    .option('--output-dir <dir>', 'a new or empty folder to write the result to (default: the project itself)');
  bindOptions(cmd, COMMON);
  cmd.addHelpText(
    'after',
    examplesHelp([
      'operator-ts alpha generate',
      'operator-ts alpha generate --output-dir ../memcached-operator-next',
      'operator-ts alpha generate --dry-run',
    ]),
  );
  cmd.action(async (opts: Record<string, unknown>) => {
    const { alphaGenerateAction } = await import('../alpha/generate-action.js');
    const inputDir = text(opts['inputDir']);
    const outputDir = text(opts['outputDir']);
    await alphaGenerateAction(
      ctx,
      {
        ...(inputDir === undefined ? {} : { inputDir }),
        ...(outputDir === undefined ? {} : { outputDir }),
        dryRun: opts['dryRun'] === true,
      },
      runArgv,
    );
  });
  return cmd;
}

function alphaUpdateCommand(ctx: RunContext, runArgv: RunArgv): Command {
  const cmd = new Command('update')
    .description(
      'Move the project to this operator-ts version: a three-way merge of the old scaffold, the new one and your code',
    )
    .option(
      '--from <version>',
      'the version the project was made with, a tarball or a built operator-ts folder (default: cliVersion in PROJECT)',
    )
    .option('--to <version>', 'the version to move to, as --from (default: this operator-ts)');
  cmd.option(
    '--branch [name]',
    'commit the update on a new branch (default name: operator-ts-update-from-<from>-to-<to>)',
  );
  bindOptions(cmd, [
    {
      name: 'force',
      type: 'boolean',
      description: 'write the merge even when files conflict, with the conflicts marked',
      default: false,
    },
    ...COMMON,
  ]);
  cmd.addHelpText(
    'after',
    examplesHelp([
      'operator-ts alpha update',
      'operator-ts alpha update --from 0.1.0',
      'operator-ts alpha update --from ../operator-ts-0.1.0.tgz --force',
      'operator-ts alpha update --branch',
    ]),
  );
  cmd.action(async (opts: Record<string, unknown>) => {
    const { alphaUpdateAction } = await import('../alpha/update-action.js');
    const from = text(opts['from']);
    const to = text(opts['to']);
    await alphaUpdateAction(
      ctx,
      {
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
        force: opts['force'] === true,
        dryRun: opts['dryRun'] === true,
        ...(opts['branch'] === undefined ? {} : { branch: opts['branch'] === true ? true : String(opts['branch']) }),
      },
      runArgv,
    );
  });
  return cmd;
}

/** alphaCommand builds `alpha generate` and `alpha update`: re-scaffolding and upgrading a project. */
export function alphaCommand(ctx: RunContext, runArgv: RunArgv): Command {
  return new Command('alpha')
    .description(
      'Upgrade a project: scaffold it again with this version (generate) or merge the new scaffold into it (update)',
    )
    .addHelpText('after', examplesHelp(['operator-ts alpha update --help', 'operator-ts alpha generate --help']))
    .addCommand(alphaGenerateCommand(ctx, runArgv))
    .addCommand(alphaUpdateCommand(ctx, runArgv));
}
