import { Command } from 'commander';
import { bundleCommand, generateBundleCommand } from './commands/bundle.js';
import { catalogCommand, generateCatalogCommand } from './commands/catalog.js';
import { chartCommand } from './commands/chart.js';
import { completionCommand } from './commands/completion.js';
import { devCommand } from './commands/dev.js';
import { envtestCommand } from './commands/envtest.js';
import { generateCommand } from './commands/generate.js';
import { importCommand } from './commands/import.js';
import { versionCommand } from './commands/version.js';
import { cliVersion } from '../machinery/template-root.js';
import type { CliIO } from './io.js';
import { RunContext } from './run-context.js';

/**
 * LEAN_COMMANDS need neither the plugins nor PROJECT to build: run as the first argument, the scaffolding
 * commands (and everything the plugins import) are not loaded. `generate` runs on every `make manifests`.
 */
const LEAN_COMMANDS: ReadonlySet<string> = new Set([
  'generate',
  'import',
  'bundle',
  'catalog',
  'chart',
  'version',
  'dev',
  'envtest',
]);

/**
 * extraCommands are the commands contributed by other parts of operator-ts: the generator (`generate`, `import crd`,
 * with the OLM `generate bundle` / `generate catalog` subcommands), the OLM `bundle` / `catalog` groups,
 * `chart` (the Helm chart's version), `dev` (the project's dev loop) and `envtest` (control-plane binaries).
 */
function extraCommands(ctx: RunContext): Command[] {
  const generate = generateCommand(ctx);
  generate.addCommand(generateBundleCommand(ctx));
  generate.addCommand(generateCatalogCommand(ctx));
  return [
    generate,
    importCommand(ctx),
    bundleCommand(ctx),
    catalogCommand(ctx),
    chartCommand(ctx),
    devCommand(ctx),
    envtestCommand(ctx),
  ];
}

/**
 * buildProgram builds the command tree around one run context for the invocation. The plugin chain
 * (from `--plugins` or PROJECT) decides which flags each scaffolding command has, so argv is read before
 * parsing; when argv names a command that does not scaffold, the scaffolding commands and the plugins
 * are left out.
 */
export async function buildProgram(io: CliIO, argv: readonly string[]): Promise<Command> {
  const program = new Command('operator-ts')
    // Program options stop at the command name, so `create api --version v1` stays the API version.
    .enablePositionalOptions()
    .version(cliVersion(), '-v, --version', 'print the operator-ts version')
    .description('Build Kubernetes operators in TypeScript: scaffold projects, APIs, controllers and webhooks')
    .addHelpText(
      'after',
      '\nExamples:\n  operator-ts init --domain example.com --project-name memcached-operator\n' +
        '  operator-ts create api --group cache --version v1alpha1 --kind Memcached\n' +
        '  operator-ts create webhook --group cache --version v1alpha1 --kind Memcached --defaulting --programmatic-validation\n',
    );
  const first = argv.find((a) => !a.startsWith('-'));
  const versionOnly = argv[0] === '--version' || argv[0] === '-v';
  if (versionOnly || (first !== undefined && LEAN_COMMANDS.has(first))) {
    addCommands(program, new RunContext(io, argv));
  } else {
    const [{ builtinCatalog }, { addScaffoldCommands }] = await Promise.all([
      import('./plugin-catalog.js'),
      import('./scaffold-commands.js'),
    ]);
    const ctx = new RunContext(io, argv, builtinCatalog());
    addScaffoldCommands(program, ctx, runArgv);
    addCommands(program, ctx);
  }
  configureTree(program, io);
  return program;
}

/** runArgv runs one command line in-process through a program of its own: how `alpha` replays commands. */
async function runArgv(io: CliIO, argv: readonly string[]): Promise<void> {
  const program = await buildProgram(io, argv);
  await program.parseAsync([...argv], { from: 'user' });
}

function addCommands(program: Command, ctx: RunContext): void {
  program.addCommand(versionCommand(ctx));
  for (const extra of extraCommands(ctx)) program.addCommand(extra);
  program.addCommand(completionCommand(ctx));
}

function configureTree(cmd: Command, io: CliIO): void {
  cmd
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({ writeOut: io.out, writeErr: io.err, outputError: () => undefined });
  for (const sub of cmd.commands) configureTree(sub, io);
}
