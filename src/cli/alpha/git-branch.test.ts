import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkBranch, commitPaths, leaveNewBranch, switchToNewBranch, updateBranchName } from './git-branch.js';

const env = {
  GIT_AUTHOR_NAME: 'A',
  GIT_AUTHOR_EMAIL: 'a@example.com',
  GIT_COMMITTER_NAME: 'A',
  GIT_COMMITTER_EMAIL: 'a@example.com',
};
let repo = '';
const git = async (...args: string[]): Promise<string> => String((await execa('git', args, { cwd: repo, env })).stdout);

beforeAll(async () => {
  repo = mkdtempSync(join(tmpdir(), 'ots-git-branch-'));
  // commitPaths runs git with the process environment, as the CLI does.
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  await git('init', '--quiet', '--initial-branch', 'main');
  writeFileSync(join(repo, 'a.txt'), 'a\n');
  await git('add', 'a.txt');
  await git('commit', '--quiet', '-m', 'first');
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(repo, { recursive: true, force: true });
});

describe('alpha update --branch', () => {
  it('names the branch after both versions', () => {
    expect(updateBranchName('0.1.0', '0.2.0-rc.1')).toBe('operator-ts-update-from-0.1.0-to-0.2.0-rc.1');
  });

  it('refuses a folder outside git, an existing branch and an invalid name', async () => {
    const plain = mkdtempSync(join(tmpdir(), 'ots-no-git-'));
    try {
      await expect(checkBranch(plain, 'b')).rejects.toThrow(/is not in a git repository/);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
    await expect(checkBranch(repo, 'main')).rejects.toThrow(/branch main already exists/);
    await expect(checkBranch(repo, 'bad..name')).rejects.toThrow(/not a valid branch name/);
    await expect(checkBranch(repo, 'fine')).resolves.toBeUndefined();
  });

  it('goes back and deletes the branch when nothing could be written', async () => {
    await switchToNewBranch(repo, 'upgrade');
    expect(await git('branch', '--show-current')).toBe('upgrade');
    await leaveNewBranch(repo, 'upgrade');
    expect(await git('branch', '--show-current')).toBe('main');
    expect(await git('branch', '--list', 'upgrade')).toBe('');
  });

  it('commits only the paths it is given', async () => {
    await switchToNewBranch(repo, 'upgrade');
    writeFileSync(join(repo, 'a.txt'), 'b\n');
    writeFileSync(join(repo, 'other.txt'), 'not part of it\n');
    await commitPaths(repo, ['a.txt'], 'Upgrade');
    expect(await git('log', '-1', '--format=%s')).toBe('Upgrade');
    expect(await git('status', '--porcelain')).toBe('?? other.txt');
  });
});
