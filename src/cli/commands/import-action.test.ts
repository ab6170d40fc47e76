import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importAction } from './import-action.js';

const dir = mkdtempSync(join(tmpdir(), 'ots-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('import crd -', () => {
  it('refuses a standard input that nothing is piped into, writing nothing', async () => {
    const io = { cwd: dir, out: () => undefined, err: () => undefined, readStdin: async () => undefined };
    await expect(importAction(io, ['-'], {})).rejects.toThrow(
      /^- reads CRDs from standard input, but nothing is piped into it$/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });
});
