import { withProjectLock, type LockHolder } from '../machinery/project-lock.js';
import type { CliIO } from './io.js';

/**
 * withCommandLock runs a command's whole action (reading PROJECT, staging, flushing, post-write steps)
 * under the project lock, so concurrent commands on one project run one after the other and each one
 * reads the PROJECT the previous one wrote. A dry run writes nothing and takes no lock.
 */
export async function withCommandLock<T>(
  io: Pick<CliIO, 'cwd' | 'err' | 'signal'>,
  command: string,
  flags: Readonly<Record<string, unknown>>,
  fn: () => Promise<T> | T,
): Promise<T> {
  if (flags['dryRun'] === true) return fn();
  return withProjectLock(
    io.cwd,
    {
      command,
      ...(io.signal === undefined ? {} : { signal: io.signal }),
      onWait: (holder, path) => io.err(waitMessage(holder, path)),
    },
    fn,
  );
}

function waitMessage(holder: LockHolder | undefined, path: string): string {
  const who =
    holder === undefined ? 'another operator-ts command' : `\`operator-ts ${holder.command}\` (pid ${holder.pid})`;
  return `Waiting for ${who} to finish with this project (lock ${path}) ...\n`;
}
