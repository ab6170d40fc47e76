import { Command } from 'commander';
import { bundleCommand, generateBundleCommand } from './commands/bundle.js';
import { catalogCommand, generateCatalogCommand } from './commands/catalog.js';
import { chartCommand } from './commands/chart.js';
import { generateCommand } from './commands/generate.js';
import { importCommand } from './commands/import.js';
import { versionCommand } from './commands/version.js';
import type { CliIO } from './io.js';

/**
 * LEAN_COMMANDS need neither the plugins nor PROJECT to build: run as the first argument, the scaffolding
 * commands (and everything the plugins import) are not loaded. `generate` runs on every `make manifests`.
 */
const LEAN_COMMANDS: ReadonlySet<string> = new Set(['generate', 'import', 'bundle', 'catalog', 'chart', 'version']);

/**
 * extraCommands are the commands contributed by other parts of operator-ts: the generator (`generate`, `import crd`,
 * with the OLM `generate bundle` / `generate catalog` subcommands), the OLM `bundle` / `catalog` groups and
 * `chart` (the Helm chart's version).
 */
function extraCommands(io: CliIO): Command[] {
  const generate = generateCommand(io);
  generate.addCommand(generateBundleCommand(io));
  generate.addCommand(generateCatalogCommand(io));
  return [generate, importCommand(io), bundleCommand(io), catalogCommand(io), chartCommand(io)];
}

/**
 * buildProgram builds the command tree. The plugin chain (from `--plugins` or PROJECT) decides which
 * flags each scaffolding command has, so argv is read before parsing; when argv names a command that
 * does not scaffold, the scaffolding commands are left out.
 */
export async function buildProgram(io: CliIO, argv: readonly string[]): Promise<Command> {
  const program = new Command('operator-ts')
    .description('Build Kubernetes operators in TypeScript: scaffold projects, APIs, controllers and webhooks')
    .addHelpText(
      'after',
      '\nExamples:\n  operator-ts init --domain example.com --project-name memcached-operator\n' +
        '  operator-ts create api --group cache --version v1alpha1 --kind Memcached\n' +
        '  operator-ts create webhook --group cache --version v1alpha1 --kind Memcached --defaulting --programmatic-validation\n',
    );
  const first = argv.find((a) => !a.startsWith('-'));
  if (first === undefined || !LEAN_COMMANDS.has(first)) {
    const { addScaffoldCommands } = await import('./scaffold-commands.js');
    addScaffoldCommands(program, io, argv);
  }
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
