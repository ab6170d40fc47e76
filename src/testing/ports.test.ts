import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kernelChosenPort, processExists, reservePort } from './ports.js';

const lockDir = mkdtempSync(join(tmpdir(), 'envtest-ports-test-'));
afterAll(() => rmSync(lockDir, { recursive: true, force: true }));

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('reservePort', () => {
  it('hands out a port that can be bound, locked with our pid until released', async () => {
    const r = await reservePort({ lockDir });
    expect(readFileSync(join(lockDir, `port-${r.port}`), 'utf8')).toBe(String(process.pid));
    await new Promise<void>((resolve, reject) => {
      const s = createServer()
        .once('error', reject)
        .listen(r.port, '127.0.0.1', () => s.close(() => resolve()));
    });
    r.release();
    r.release();
    expect(existsSync(join(lockDir, `port-${r.port}`))).toBe(false);
  });

  it('never gives the same port twice while reserved, even when the kernel offers it again', async () => {
    const offered = [40001, 40001, 40001, 40002];
    const candidate = async (): Promise<number> => offered.shift() ?? 40003;
    const a = await reservePort({ lockDir, candidate });
    const b = await reservePort({ lockDir, candidate });
    expect([a.port, b.port]).toEqual([40001, 40002]);
    a.release();
    b.release();
  });

  it('skips ports locked by a live process and takes over locks of dead ones', async () => {
    writeFileSync(join(lockDir, 'port-40011'), String(process.ppid)); // alive: our parent
    const dead = deadPid();
    expect(processExists(dead)).toBe(false);
    writeFileSync(join(lockDir, 'port-40012'), String(dead));
    const offered = [40011, 40012];
    const r = await reservePort({ lockDir, candidate: async () => offered.shift() ?? 40013 });
    expect(r.port).toBe(40012);
    expect(readFileSync(join(lockDir, 'port-40012'), 'utf8')).toBe(String(process.pid));
    r.release();
  });

  it('sweeps locks of dead processes when first used on a directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'envtest-ports-sweep-'));
    try {
      writeFileSync(join(dir, 'port-40031'), String(deadPid()));
      writeFileSync(join(dir, 'port-40032'), String(process.pid));
      const r = await reservePort({ lockDir: dir, candidate: async () => 40033 });
      expect(readdirSync(dir).sort()).toEqual(['port-40032', 'port-40033']);
      r.release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives up after the configured attempts', async () => {
    writeFileSync(join(lockDir, 'port-40021'), String(process.pid));
    await expect(reservePort({ lockDir, attempts: 3, candidate: async () => 40021 })).rejects.toThrow(
      /after 3 attempts/,
    );
  });

  it('gives concurrent callers distinct real ports', async () => {
    const all = await Promise.all(Array.from({ length: 20 }, () => reservePort({ lockDir })));
    expect(new Set(all.map((r) => r.port)).size).toBe(20);
    for (const r of all) r.release();
    expect(await kernelChosenPort('127.0.0.1')).toBeGreaterThan(0);
  });
});
