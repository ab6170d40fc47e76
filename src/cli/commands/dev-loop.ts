import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { UserError } from '../../errors/user-error.js';
import { packageRoot } from '../../machinery/template-root.js';

/** API_PREFIX is where the API types live under src/; a change there changes the CRDs and the descriptors. */
const API_PREFIX = 'api/';

/**
 * isApiSource tells whether a changed file (relative to src/api) is an API type source whose change needs
 * `generate`: TypeScript sources, but not what generate writes itself (zz_generated.*, which would loop) nor
 * tests.
 */
export function isApiSource(file: string): boolean {
  const name = file.split(/[\\/]/).pop() ?? '';
  return (
    name.endsWith('.ts') && !name.startsWith('zz_generated.') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')
  );
}

/**
 * Rerunner runs a task again when asked, never two at once: a request during a run is remembered and runs
 * once after it, however many requests came (the edits of one save arrive as several events).
 */
export class Rerunner {
  private running: Promise<void> | undefined;
  private pending = false;

  constructor(private readonly task: () => Promise<void>) {}

  /** Rerunner.request starts the task now, or once more after the current run. */
  request(): void {
    if (this.running !== undefined) {
      this.pending = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  /** Rerunner.idle resolves when no run is under way or pending. */
  async idle(): Promise<void> {
    while (this.running !== undefined) await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.pending = false;
      await this.task();
    } while (this.pending);
  }
}

/** DevOptions are the inputs of one `operator-ts dev` run. */
export interface DevOptions {
  /** The project root. */
  readonly cwd: string;
  /** Flags passed on to the manager (after `--zap-devel`). */
  readonly managerArgs: readonly string[];
  /** Progress lines (stderr). */
  readonly log: (line: string) => void;
  /** Aborted on Ctrl-C / SIGTERM: the manager is stopped and the run ends. */
  readonly signal?: AbortSignal;
  /** How long to wait for more events of the same edit before running generate (ms). */
  readonly debounceMs?: number;
}

/** tsxBin finds the project's tsx (a devDependency of every scaffolded project). */
function tsxBin(cwd: string): string {
  const bin = join(cwd, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
  if (!existsSync(bin))
    throw new UserError(`tsx is not installed in ${cwd}: \`operator-ts dev\` runs the manager with tsx watch`, {
      hint: 'run `npm install` in the project (tsx is one of its devDependencies), or `npm install --save-dev tsx`',
    });
  return bin;
}

/** runGenerate runs `operator-ts generate` in its own process (the launcher gives it its memory settings). */
function runGenerate(cwd: string, log: (line: string) => void): Promise<void> {
  const launcher = join(packageRoot(), 'bin', 'operator-ts.js');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [launcher, 'generate'], { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (err) => {
      log(`operator-ts dev: cannot run generate: ${err.message}`);
      resolve();
    });
    // A failed generate (a marker error while typing) is reported by generate itself; the loop goes on.
    child.on('exit', (code) => {
      if (code !== 0) log('operator-ts dev: generate failed; fix the API types and save again');
      resolve();
    });
  });
}

/**
 * runDevLoop is `operator-ts dev`: generate once, then run the manager from the sources under `tsx watch`
 * (restarted on every source change) with development logs, and run generate again whenever an API type
 * under src/api changes, so the CRDs, RBAC, webhook manifests and zz_generated descriptors follow the
 * types; the manager restarts on the descriptors generate rewrites. Resolves with tsx's exit code once it
 * stops (after an abort: once the manager stopped).
 */
export async function runDevLoop(options: DevOptions): Promise<number> {
  const { cwd, log, signal } = options;
  if (!existsSync(join(cwd, 'src', 'main.ts')))
    throw new UserError(`no src/main.ts in ${cwd}: \`operator-ts dev\` runs a project's manager`, {
      hint: 'cd into the project directory (the one holding PROJECT and src/main.ts)',
    });
  const tsx = tsxBin(cwd);
  await runGenerate(cwd, log);
  signal?.throwIfAborted();

  const generate = new Rerunner(() => runGenerate(cwd, log));
  let timer: NodeJS.Timeout | undefined;
  // The whole of src is watched, so that an API added while dev runs (create api) is seen too.
  const watcher: FSWatcher = watch(join(cwd, 'src'), { recursive: true }, (_event, name) => {
    const file = name?.replaceAll('\\', '/');
    if (file === undefined || !file.startsWith(API_PREFIX) || !isApiSource(file.slice(API_PREFIX.length))) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      log(`operator-ts dev: src/${file} changed, running generate`);
      generate.request();
    }, options.debounceMs ?? 200);
  });

  const manager: ChildProcess = spawn(
    tsx,
    ['watch', '--clear-screen=false', 'src/main.ts', '--zap-devel', ...options.managerArgs],
    {
      cwd,
      stdio: ['inherit', 'inherit', 'inherit'],
    },
  );
  const stop = (): void => {
    manager.kill('SIGTERM');
  };
  signal?.addEventListener('abort', stop, { once: true });
  try {
    return await new Promise<number>((resolve, reject) => {
      manager.on('error', reject);
      manager.on('exit', (code, sig) => resolve(code ?? 128 + (sig === null ? 0 : constants.signals[sig])));
    });
  } finally {
    signal?.removeEventListener('abort', stop);
    clearTimeout(timer);
    watcher.close();
    await generate.idle();
  }
}
