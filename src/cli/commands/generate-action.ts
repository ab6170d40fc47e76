import { formatDiagnostic } from '../../errors/diagnostic.js';
import { UserError } from '../../errors/user-error.js';
import { GENERATORS, type Generator, runGenerate } from '../../generate/run.js';
import { writeOutputs } from '../../generate/write.js';
import type { RunContext } from '../run-context.js';

/** GenerateFlags are the parsed command-line flags of `operator-ts generate`. */
export interface GenerateFlags {
  paths?: string[];
  crdOutput?: string;
  rbacOutput?: string;
  roleName?: string;
  webhookOutput?: string;
  maxDescLen?: string;
  embeddedObjectMeta?: boolean;
}

function parseGenerators(names: readonly string[]): Generator[] {
  const out: Generator[] = [];
  for (const n of names) {
    if (!(GENERATORS as readonly string[]).includes(n)) {
      throw new UserError(`unknown generator ${JSON.stringify(n)}`, { hint: `use any of ${GENERATORS.join(', ')} (none means all)` });
    }
    out.push(n as Generator);
  }
  return out;
}

function parseMaxDescLen(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UserError(`--max-desc-len must be a non-negative integer, got ${JSON.stringify(text)}`, { hint: 'e.g. --max-desc-len 0 drops all descriptions' });
  return Number(text);
}

/**
 * generateAction runs `operator-ts generate` in the context's directory: computes every output, prints
 * diagnostics and throws {@link UserError} without writing anything when there is an error, else writes
 * the changed files.
 */
export function generateAction(ctx: RunContext, names: readonly string[], flags: GenerateFlags): void {
  const { cwd: root, out, err } = ctx.io;
  const generators = parseGenerators(names);
  const paths = flags.paths ?? ['src/**/*.ts'];
  const maxDescLen = parseMaxDescLen(flags.maxDescLen);
  const result = runGenerate({
    root,
    generators,
    paths,
    crdOutput: flags.crdOutput,
    rbacOutput: flags.rbacOutput,
    roleName: flags.roleName,
    webhookOutput: flags.webhookOutput,
    maxDescLen,
    embeddedObjectMeta: flags.embeddedObjectMeta === true,
  });
  if (result.inputs.length === 0) {
    throw new UserError(`no TypeScript file matches --paths ${paths.join(' ')} under ${root}`, {
      hint: ctx.projectFile() === undefined ? 'run operator-ts generate in the project root (the folder holding PROJECT), or pass --paths' : 'pass --paths with globs relative to the project root, e.g. --paths "src/**/*.ts"',
    });
  }
  for (const w of result.warnings) err(`warning: ${w}\n`);
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  for (const d of result.diagnostics) err(`${formatDiagnostic(d, root)}\n`);
  if (errors.length > 0) {
    throw new UserError(`generate found ${errors.length} error${errors.length === 1 ? '' : 's'}; no file was written`, {
      hint: 'fix the errors listed above and run operator-ts generate again',
    });
  }
  const { written } = writeOutputs(root, result.files);
  for (const p of written) out(`wrote ${p}\n`);
  if (written.length === 0) out('generate: everything up to date\n');
}
