import { UserError } from '../errors/user-error.js';
import { formatDiagnostic } from '../errors/diagnostic.js';
import { readProjectSettings } from './project-file.js';
import { findInputFiles } from '../compiler/input-files.js';
import { GENERATORS, type Generator, runGenerate } from './run.js';
import { writeOutputs } from './write.js';

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

/** GenerateIO is where the command reports (stdout for files, stderr for diagnostics). */
export interface GenerateIO {
  out(text: string): void;
  err(text: string): void;
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
 * generateAction runs `operator-ts generate`: computes every output, prints diagnostics and throws
 * {@link UserError} without writing anything when there is an error, else writes the changed files.
 */
export function generateAction(root: string, names: readonly string[], flags: GenerateFlags, io: GenerateIO): void {
  const generators = parseGenerators(names);
  const paths = flags.paths ?? ['src/**/*.ts'];
  if (findInputFiles(root, paths).length === 0) {
    const project = readProjectSettings(root);
    throw new UserError(`no TypeScript file matches --paths ${paths.join(' ')} under ${root}`, {
      hint: project === undefined ? 'run operator-ts generate in the project root (the folder holding PROJECT), or pass --paths' : 'pass --paths with globs relative to the project root, e.g. --paths "src/**/*.ts"',
    });
  }
  const result = runGenerate({
    root,
    generators,
    paths,
    crdOutput: flags.crdOutput,
    rbacOutput: flags.rbacOutput,
    roleName: flags.roleName,
    webhookOutput: flags.webhookOutput,
    maxDescLen: parseMaxDescLen(flags.maxDescLen),
    embeddedObjectMeta: flags.embeddedObjectMeta === true,
  });
  for (const w of result.warnings) io.err(`warning: ${w}\n`);
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  for (const d of result.diagnostics) io.err(`${formatDiagnostic(d, root)}\n`);
  if (errors.length > 0) {
    throw new UserError(`generate found ${errors.length} error${errors.length === 1 ? '' : 's'}; no file was written`, {
      hint: 'fix the errors listed above and run operator-ts generate again',
    });
  }
  const { written } = writeOutputs(root, result.files);
  for (const p of written) io.out(`wrote ${p}\n`);
  if (written.length === 0) io.out('generate: everything up to date\n');
}
