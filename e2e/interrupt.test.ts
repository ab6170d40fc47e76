// Ctrl-C and SIGTERM through the BUILT CLI (run `npm run build` first): init's real `npm install` is stopped
// with its whole process group, the CLI exits 130 / 143, the folder is as before (no half-written project,
// no node_modules, no lock), and init runs again. npm talks to a registry that accepts connections and
// never answers, so the install hangs until it is interrupted.
import { execa, type ResultPromise } from 'execa';
import { mkdirSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTree } from '../src/machinery/fixtures/tree-hash.js';
import { LOCK_FILE } from '../src/machinery/project-lock.js';
import { runCliOk } from './helpers/cli.js';
import { cliBin } from './helpers/paths.js';
import { makeWorkdir, removeWorkdir } from './helpers/workdir.js';

let work = '';
let registry: Server;
let registryUrl = '';
const sockets = new Set<Socket>();

beforeAll(async () => {
  work = await makeWorkdir('interrupt');
  registry = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  const address = registry.address();
  registryUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/`;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => registry?.close(resolve));
  await removeWorkdir(work);
});

/** processesIn lists live processes whose working directory is dir or below it (npm and whatever it started), with their command lines. */
function processesIn(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      if (cwd !== dir && !cwd.startsWith(`${dir}/`)) continue;
      if (/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${entry}/stat`, 'utf8'))) continue;
      found.push(`${entry} ${readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim()}`);
    } catch {
      // Exited meanwhile, or not ours to read.
    }
  }
  return found;
}

async function until(what: string, check: () => boolean, ms: number): Promise<void> {
  for (const end = Date.now() + ms; !check();) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function startInit(
  dir: string,
): ResultPromise<{ cwd: string; reject: false; stdin: 'ignore'; env: Record<string, string> }> {
  return execa(process.execPath, [cliBin, 'init', '--domain', 'example.com', '--project-name', 'memcached-operator'], {
    cwd: dir,
    reject: false,
    stdin: 'ignore',
    env: {
      NO_COLOR: '1',
      npm_config_registry: registryUrl,
      npm_config_cache: join(work, 'npm-cache'),
      npm_config_update_notifier: 'false',
    },
  });
}

describe.skipIf(process.platform !== 'linux')('interrupting init during npm install', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s stops npm and its process group, exits %i, and leaves the folder as it was', async (signal, code) => {
    const dir = join(work, signal, 'memcached-operator');
    mkdirSync(dir, { recursive: true });
    const before = hashTree(dir);
    const cli = startInit(dir);
    await until('npm install runs', () => processesIn(dir).some((p) => /npm/.test(p)), 60_000);
    cli.kill(signal);
    const result = await cli;
    const stderr = String(result.stderr);
    expect(result.exitCode, stderr).toBe(code);
    expect(stderr).toMatch(
      new RegExp(
        `^Interrupted by ${signal}: the \\d+ file changes it had written were rolled back, the folder is as it was before; re-run the command$`,
        'm',
      ),
    );
    expect(stderr).not.toMatch(/internal error/);
    // The CLI waited for the group before exiting: nothing of npm may be left, not even for a moment.
    expect(processesIn(dir)).toEqual([]);
    expect(hashTree(dir)).toEqual(before);
    expect(readdirSync(dir)).not.toContain(LOCK_FILE);
    await runCliOk(['init', '--domain', 'example.com', '--skip-install'], dir);
    expect(readdirSync(dir)).toContain('PROJECT');
  });

  it('a second Ctrl-C quits at once and still leaves no npm and no lock behind', async () => {
    const dir = join(work, 'twice', 'memcached-operator');
    mkdirSync(dir, { recursive: true });
    const cli = startInit(dir);
    await until('npm install runs', () => processesIn(dir).some((p) => /npm/.test(p)), 60_000);
    cli.kill('SIGINT');
    cli.kill('SIGINT');
    const result = await cli;
    expect(result.exitCode, String(result.stderr)).toBe(130);
    await until('no process is left in the project', () => processesIn(dir).length === 0, 5_000);
    expect(readdirSync(dir)).not.toContain(LOCK_FILE);
  });
});
