import { Argument, Command, Option } from 'commander';
import { GENERATORS } from '../../generate/generators.js';
import { completeWith } from '../completion/spec.js';
import type { RunContext } from '../run-context.js';

/**
 * generateCommand builds `operator-ts generate [crd] [rbac] [webhook] [code]`, controller-gen for
 * TypeScript. The generator (ts-morph) is loaded inside the action so that `--help` stays fast.
 */
export function generateCommand(ctx: RunContext): Command {
  return new Command('generate')
    .description('Generate CRDs, RBAC roles, webhook configurations and zz_generated.resources.ts from marker comments')
    .addArgument(
      completeWith(new Argument('[generators...]', `any of ${GENERATORS.join(', ')} (none = all)`), GENERATORS),
    )
    .option('--paths <glob...>', 'input files (globs relative to the project root)', ['src/**/*.ts'])
    .option('--crd-output <dir>', 'where CRDs are written', 'config/crd/bases')
    .option('--rbac-output <dir>', 'where role.yaml is written', 'config/rbac')
    .option('--role-name <name>', 'name of the generated ClusterRole', 'manager-role')
    .option('--webhook-output <dir>', 'where manifests.yaml is written', 'config/webhook')
    .addOption(new Option('--max-desc-len <n>', 'truncate schema descriptions to n characters (0 drops them)'))
    .option(
      '--embedded-object-meta',
      'give nested ObjectMeta fields (pod templates) name, labels, annotations ... in the schema',
      false,
    )
    .option('--json', 'print the files written per generator and the diagnostics as one JSON object', false)
    .addHelpText(
      'after',
      '\nExamples:\n  operator-ts generate\n  operator-ts generate crd --max-desc-len 0\n  operator-ts generate rbac --role-name my-role\n' +
        '  operator-ts generate --json | jq .generators.crd.written\n\nMarkers: the same as controller-gen (+kubebuilder:validation:Minimum=1, +kubebuilder:rbac:...);\nsee https://book.kubebuilder.io/reference/markers. Errors are reported as file:line:col with a fix.\n',
    )
    .action(async (names: string[], flags: Record<string, unknown>) => {
      const { generateAction } = await import('./generate-action.js');
      // npm scripts run generate in CI, next to other commands: it reads and writes under the project lock too.
      await ctx.locked('generate', {}, () => {
        ctx.io.signal?.throwIfAborted();
        generateAction(ctx, names, flags);
      });
    });
}
