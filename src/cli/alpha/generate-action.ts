import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { UserError } from '../../errors/user-error.js';
import { cliVersion } from '../../machinery/template-root.js';
import { withCommandLock } from '../command-lock.js';
import type { RunContext } from '../run-context.js';
import { carryAcross, replacedFiles } from './carry.js';
import { readFileMap } from './file-tree.js';
import { inProcessScaffolder, type RunArgv } from './scaffolder.js';
import { freshScaffold, printWritten, readProjectIn, regenerate, stageTree, withScratch } from './staging.js';

/** AlphaGenerateFlags are the flags of `alpha generate`. */
export interface AlphaGenerateFlags {
  readonly inputDir?: string;
  readonly outputDir?: string;
  readonly dryRun?: boolean;
}

function checkOutputDir(output: string, flag: string): void {
  if (!existsSync(output)) return;
  if (!statSync(output).isDirectory())
    throw new UserError(`--output-dir ${flag} is a file`, { hint: 'name a new or empty folder' });
  if (readdirSync(output).length > 0)
    throw new UserError(`--output-dir ${flag} is not empty`, {
      hint: 'name a new or empty folder, or leave --output-dir out to re-scaffold the project in place',
    });
}

/**
 * alphaGenerateAction re-scaffolds the project PROJECT describes with this CLI in a scratch folder, carries
 * the author's code across (see carry.ts), runs generate, and writes the result in place or into
 * --output-dir in one flush.
 */
export async function alphaGenerateAction(ctx: RunContext, flags: AlphaGenerateFlags, runArgv: RunArgv): Promise<void> {
  const { io } = ctx;
  const input = resolve(io.cwd, flags.inputDir ?? '.');
  const output = flags.outputDir === undefined ? input : resolve(io.cwd, flags.outputDir);
  const file = readProjectIn(input, io.cwd, 'alpha generate');
  if (output !== input) checkOutputDir(output, flags.outputDir ?? '');
  const version = cliVersion();
  await withCommandLock({ ...io, cwd: input }, 'alpha generate', { dryRun: flags.dryRun === true }, async () => {
    const { files, problem, author } = await withScratch(async (scratch) => {
      const fresh = await freshScaffold(
        file,
        ctx.plugins(),
        input,
        inProcessScaffolder(version, io.signal, runArgv),
        join(scratch, 'project'),
        { io, strict: true },
      );
      const mine = readFileMap(input);
      return { ...(await regenerate(join(scratch, 'project'), carryAcross(fresh, mine), io, runArgv)), author: mine };
    });
    io.signal?.throwIfAborted();
    const tree = stageTree(output, files);
    const changes = flags.dryRun === true ? tree.changes() : tree.flush();
    printWritten(io, changes, flags.dryRun === true);
    const replaced = replacedFiles(author, files);
    if (replaced.length > 0)
      io.err(
        `Replaced with operator-ts ${version}'s scaffold (your copy differed; review with git diff and re-apply ` +
          'your changes, or use alpha update to merge them):\n' +
          replaced.map((p) => `  ${p}\n`).join(''),
      );
    if (problem !== undefined)
      io.err(`Warning: generate failed on the result, its outputs are as they were: ${problem}\n`);
    const where = output === input ? 'in place' : `into ${relative(io.cwd, output) || '.'}`;
    io.out(
      `Next: the project is scaffolded again with operator-ts ${version} ${where}; ` +
        'run npm install, then npm run manifests && npm test\n',
    );
  });
}
