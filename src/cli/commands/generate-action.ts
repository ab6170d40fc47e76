import { relative } from 'node:path';
import { type Diagnostic, formatDiagnostic } from '../../errors/diagnostic.js';
import { UserError } from '../../errors/user-error.js';
import { GENERATORS, type Generator, type GenerateResult, runGenerate } from '../../generate/run.js';
import { writeOutputs } from '../../generate/write.js';
import { errPaint, outPaint } from '../io.js';
import { progressFor } from '../progress.js';
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
  json?: boolean;
}

/** GenerateFiles are the files of one generator: written by this run, or already up to date. */
export interface GenerateFiles {
  written: string[];
  unchanged: string[];
}

/** JsonDiagnostic is a diagnostic of `generate --json`, its file relative to the project root. */
export interface JsonDiagnostic {
  severity: 'error' | 'warning';
  file: string;
  line: number;
  column: number;
  message: string;
  hint?: string;
}

/**
 * GenerateReport is what `generate --json` prints on stdout: `ok` is false when an error stopped the run
 * (nothing written, `generators` empty); paths are relative to the project root, with `/`.
 */
export interface GenerateReport {
  ok: boolean;
  /** The generators that ran, in output order, with their files. */
  generators: Partial<Record<Generator, GenerateFiles>>;
  diagnostics: JsonDiagnostic[];
  warnings: string[];
}

function parseGenerators(names: readonly string[]): Generator[] {
  const out: Generator[] = [];
  for (const n of names) {
    if (!(GENERATORS as readonly string[]).includes(n)) {
      throw new UserError(`unknown generator ${JSON.stringify(n)}`, {
        hint: `use any of ${GENERATORS.join(', ')} (none means all)`,
      });
    }
    out.push(n as Generator);
  }
  return out;
}

function parseMaxDescLen(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text))
    throw new UserError(`--max-desc-len must be a non-negative integer, got ${JSON.stringify(text)}`, {
      hint: 'e.g. --max-desc-len 0 drops all descriptions',
    });
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
  const roleName = checkRoleName(flags.roleName);
  const progress = progressFor(ctx.io, 'generate', errPaint(ctx.io));
  let result: GenerateResult;
  try {
    result = runGenerate({
      root,
      generators,
      paths,
      crdOutput: flags.crdOutput,
      rbacOutput: flags.rbacOutput,
      roleName,
      webhookOutput: flags.webhookOutput,
      maxDescLen,
      embeddedObjectMeta: flags.embeddedObjectMeta === true,
      onPhase: (phase) => progress.step(phase),
    });
  } finally {
    progress.done();
  }
  if (result.inputs.length === 0) {
    throw new UserError(`no TypeScript file matches --paths ${paths.join(' ')} under ${root}`, {
      hint:
        ctx.projectFile() === undefined
          ? 'run operator-ts generate in the project root (the folder holding PROJECT), or pass --paths'
          : 'pass --paths with globs relative to the project root, e.g. --paths "src/**/*.ts"',
    });
  }
  const paintErr = errPaint(ctx.io);
  for (const w of result.warnings) err(`${paintErr('yellow', 'warning:')} ${w}\n`);
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  for (const d of result.diagnostics) err(`${formatDiagnostic(d, root)}\n`);
  const diagnostics = result.diagnostics.map((d) => jsonDiagnostic(d, root));
  const report: GenerateReport = { ok: errors.length === 0, generators: {}, diagnostics, warnings: result.warnings };
  if (errors.length > 0) {
    if (flags.json === true) out(`${JSON.stringify(report, null, 2)}\n`);
    throw new UserError(`generate found ${errors.length} error${errors.length === 1 ? '' : 's'}; no file was written`, {
      hint: 'fix the errors listed above and run operator-ts generate again',
    });
  }
  const { written, unchanged } = writeOutputs(root, result.files);
  if (flags.json === true) {
    const ran = new Set(generators.length === 0 ? GENERATORS : generators);
    for (const g of GENERATORS) if (ran.has(g)) report.generators[g] = { written: [], unchanged: [] };
    for (const [list, key] of [
      [written, 'written'],
      [unchanged, 'unchanged'],
    ] as const)
      for (const p of list) {
        const g = result.origins.get(p);
        if (g !== undefined) report.generators[g]?.[key].push(p);
      }
    out(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  const paint = outPaint(ctx.io);
  for (const p of written) out(`${paint('green', 'wrote')} ${p}\n`);
  if (written.length === 0) out(`generate: ${paint('green', 'everything up to date')}\n`);
}

function jsonDiagnostic(d: Diagnostic, root: string): JsonDiagnostic {
  const file = relative(root, d.file).split('\\').join('/');
  const hint = d.hint === undefined ? {} : { hint: d.hint };
  return { severity: d.severity, file, line: d.line, column: d.column, message: d.message, ...hint };
}

/**
 * checkRoleName refuses a --role-name Kubernetes would not accept as a ClusterRole name (a path segment:
 * not empty, `.` or `..`, without `/` or `%`; apimachinery's path.IsValidPathSegmentName) before generate
 * reads anything.
 */
function checkRoleName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  if (name === '' || name === '.' || name === '..' || /[/%]/.test(name))
    throw new UserError(`--role-name ${JSON.stringify(name)} is not a valid ClusterRole name`, {
      hint: 'use a name without "/" or "%", not "." or "..", e.g. --role-name manager-role',
    });
  return name;
}
