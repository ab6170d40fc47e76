import { Command } from 'commander';
import { bundleCommand, generateBundleCommand } from './commands/bundle.js';
import { catalogCommand, generateCatalogCommand } from './commands/catalog.js';
import { createApiCommand } from './commands/create-api.js';
import { createWebhookCommand } from './commands/create-webhook.js';
import { editCommand } from './commands/edit.js';
import { generateCommand } from './commands/generate.js';
import { initCommand } from './commands/init.js';
import { versionCommand } from './commands/version.js';
import { availablePlugins } from './chain.js';
import type { CliIO } from './io.js';

/**
 * extraCommands are the commands contributed by other parts of operator-ts: the generator (`generate`,
 * with the OLM `generate bundle` / `generate catalog` subcommands) and the OLM `bundle` / `catalog` groups.
 */
function extraCommands(io: CliIO): Command[] {
  const generate = generateCommand(io);
  generate.addCommand(generateBundleCommand(io));
  generate.addCommand(generateCatalogCommand(io));
  return [generate, bundleCommand(io), catalogCommand(io)];
}

/**
 * buildProgram builds the command tree. The plugin chain (from `--plugins` or PROJECT) decides which
 * flags each scaffolding command has, so argv is read before parsing.
 */
export function buildProgram(io: CliIO, argv: readonly string[]): Command {
  const program = new Command('operator-ts')
    .description('Build Kubernetes operators in TypeScript: scaffold projects, APIs, controllers and webhooks')
    .addHelpText(
      'after',
      '\nExamples:\n  operator-ts init --domain example.com --project-name memcached-operator\n' +
        '  operator-ts create api --group cache --version v1alpha1 --kind Memcached\n' +
        '  operator-ts create webhook --group cache --version v1alpha1 --kind Memcached --defaulting --programmatic-validation\n',
    );
  program.addHelpText('after', `\nPlugins (--plugins, short keys like typescript/v1 work):\n${availablePlugins()
    .map((p) => `  ${p.key.padEnd(32)} ${p.description}`)
    .join('\n')}\n`);
  const create = new Command('create')
    .description('Scaffold an API or a webhook')
    .addHelpText('after', '\nExamples:\n  operator-ts create api --help\n  operator-ts create webhook --help\n');
  create.addCommand(createApiCommand(io, argv));
  create.addCommand(createWebhookCommand(io, argv));
  program.addCommand(initCommand(io, argv));
  program.addCommand(create);
  program.addCommand(editCommand(io, argv));
  program.addCommand(versionCommand(io));
  for (const extra of extraCommands(io)) program.addCommand(extra);
  configureTree(program, io);
  return program;
}

function configureTree(cmd: Command, io: CliIO): void {
  cmd
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({ writeOut: io.out, writeErr: io.err, outputError: () => undefined });
  for (const sub of cmd.commands) configureTree(sub, io);
}
