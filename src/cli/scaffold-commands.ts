import { Command } from 'commander';
import { alphaCommand } from './commands/alpha.js';
import { createApiCommand } from './commands/create-api.js';
import { createWebhookCommand } from './commands/create-webhook.js';
import { editCommand } from './commands/edit.js';
import { initCommand } from './commands/init.js';
import type { RunArgv } from './alpha/scaffolder.js';
import { completeWith } from './completion/spec.js';
import type { RunContext } from './run-context.js';

/**
 * addScaffoldCommands adds `init`, `create api`, `create webhook`, `edit` and `alpha` (which replays them),
 * whose flags come from the plugin chain (read from `--plugins` or PROJECT), and lists the plugins in the root help.
 */
export function addScaffoldCommands(program: Command, ctx: RunContext, runArgv: RunArgv): void {
  const listed = ctx.plugins().plugins.map((p) => `  ${p.key.padEnd(32)} ${p.description}`);
  program.addHelpText('after', `\nPlugins (--plugins, short keys like typescript/v1 work):\n${listed.join('\n')}\n`);
  const create = new Command('create')
    .description('Scaffold an API or a webhook')
    .addHelpText('after', '\nExamples:\n  operator-ts create api --help\n  operator-ts create webhook --help\n');
  create.addCommand(createApiCommand(ctx));
  create.addCommand(createWebhookCommand(ctx));
  program.addCommand(initCommand(ctx));
  program.addCommand(create);
  program.addCommand(editCommand(ctx));
  program.addCommand(alphaCommand(ctx, runArgv));
  const keys = ctx.plugins().plugins.map((p) => p.key);
  const named = (name: string): Command[] => program.commands.filter((c) => c.name() === name);
  for (const cmd of [...named('init'), ...create.commands, ...named('edit')]) {
    const plugins = cmd.options.find((o) => o.long === '--plugins');
    if (plugins !== undefined) completeWith(plugins, keys);
  }
}
