import { Command, Option } from 'commander';

/**
 * GenerateCommandIO is the part of the CLI's IO `generate` uses (structurally a CliIO, declared here so
 * this module imports nothing but commander); without it the command uses the process.
 */
export interface GenerateCommandIO {
  readonly cwd: string;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Aborted on Ctrl-C / SIGTERM: stops waiting for the project lock. */
  readonly signal?: AbortSignal;
}

/**
 * generateCommand builds `operator-ts generate [crd] [rbac] [webhook] [code]`, controller-gen for
 * TypeScript. The generator (ts-morph) is loaded inside the action so that `--help` stays fast.
 */
export function generateCommand(io?: GenerateCommandIO): Command {
  return new Command('generate')
    .description('Generate CRDs, RBAC roles, webhook configurations and zz_generated.resources.ts from marker comments')
    .argument('[generators...]', 'any of crd, rbac, webhook, code (none = all)')
    .option('--paths <glob...>', 'input files (globs relative to the project root)', ['src/**/*.ts'])
    .option('--crd-output <dir>', 'where CRDs are written', 'config/crd/bases')
    .option('--rbac-output <dir>', 'where role.yaml is written', 'config/rbac')
    .option('--role-name <name>', 'name of the generated ClusterRole', 'manager-role')
    .option('--webhook-output <dir>', 'where manifests.yaml is written', 'config/webhook')
    .addOption(new Option('--max-desc-len <n>', 'truncate schema descriptions to n characters (0 drops them)'))
    .option('--embedded-object-meta', 'give nested ObjectMeta fields (pod templates) name, labels, annotations ... in the schema', false)
    .addHelpText(
      'after',
      '\nExamples:\n  operator-ts generate\n  operator-ts generate crd --max-desc-len 0\n  operator-ts generate rbac --role-name my-role\n\nMarkers: the same as controller-gen (+kubebuilder:validation:Minimum=1, +kubebuilder:rbac:...);\nsee https://book.kubebuilder.io/reference/markers. Errors are reported as file:line:col with a fix.\n',
    )
    .action(async (names: string[], flags: Record<string, unknown>) => {
      const [{ generateAction }, { withCommandLock }] = await Promise.all([import('../../generate/command-action.js'), import('../command-lock.js')]);
      const out = io?.out ?? ((t: string) => void process.stdout.write(t));
      const err = io?.err ?? ((t: string) => void process.stderr.write(t));
      const cwd = io?.cwd ?? process.cwd();
      // npm scripts run generate in CI, next to other commands: it reads and writes under the project lock too.
      await withCommandLock({ cwd, err, ...(io?.signal === undefined ? {} : { signal: io.signal }) }, 'generate', {}, () => {
        io?.signal?.throwIfAborted();
        generateAction(cwd, names, flags, { out, err });
      });
    });
}
