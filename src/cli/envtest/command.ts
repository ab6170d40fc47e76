import { resolve } from 'node:path';
import { goArch, goOs, setupEnvtestStoreRoot } from '../../testing/binaries.js';
import { errPaint, type CliIO } from '../io.js';
import { progressFor } from '../progress.js';
import { useEnvtest } from './use.js';
import { formatVersion, parseSelector } from './versions.js';

/** shellQuote quotes a path for a POSIX shell's single quotes. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** runEnvtestUse is the action of `envtest use`: pick or install a release, then print it as asked. */
export async function runEnvtestUse(
  io: CliIO,
  version: string | undefined,
  flags: Record<string, unknown>,
): Promise<void> {
  const selector = parseSelector(version);
  const binDir = typeof flags['binDir'] === 'string' ? resolve(io.cwd, flags['binDir']) : setupEnvtestStoreRoot();
  const installedOnly = flags['installedOnly'] === true || process.env['ENVTEST_INSTALLED_ONLY'] === 'true';
  // A download takes a while: on a terminal a progress line counts the seconds under the log lines.
  const progress = progressFor(io, 'envtest use', errPaint(io));
  const result = await useEnvtest({
    selector,
    platform: {
      os: typeof flags['os'] === 'string' ? flags['os'] : goOs(),
      arch: typeof flags['arch'] === 'string' ? flags['arch'] : goArch(),
    },
    root: binDir,
    installedOnly,
    ...(typeof flags['index'] === 'string' ? { indexUrl: flags['index'] } : {}),
    log: (line) => progress.note(line),
    ...(io.signal !== undefined ? { signal: io.signal } : {}),
  }).finally(() => progress.done());
  switch (flags['print']) {
    case 'env':
      io.out(`export KUBEBUILDER_ASSETS=${shellQuote(result.path)}\n`);
      break;
    case 'overview':
      io.out(
        `Version: ${formatVersion(result.version)}\nOS/Arch: ${result.platform.os}/${result.platform.arch}\nPath: ${result.path}\n`,
      );
      break;
    default:
      io.out(`${result.path}\n`);
  }
}
