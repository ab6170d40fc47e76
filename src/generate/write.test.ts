import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { faultyFileSystem } from '../machinery/fault-injection.js';
import { nodeFileSystem } from '../machinery/file-system.js';
import { hashTree } from '../machinery/fixtures/tree-hash.js';
import { writeOutputs } from './write.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ots-generate-write-'));
  made.push(dir);
  mkdirSync(join(dir, 'config/crd/bases'), { recursive: true });
  writeFileSync(join(dir, 'config/crd/bases/toys.example.com_gadgets.yaml'), 'old crd\n');
  return dir;
}

const OUTPUTS = new Map([
  ['config/crd/bases/toys.example.com_gadgets.yaml', 'new crd\n'],
  ['config/rbac/role.yaml', 'role\n'],
  ['config/webhook/manifests.yaml', 'webhooks\n'],
]);

describe('writeOutputs', () => {
  it('writes no CRD when the RBAC output is blocked by a file', () => {
    const dir = project();
    writeFileSync(join(dir, 'config/rbac'), 'not a folder\n');
    const before = hashTree(dir);
    expect(() => writeOutputs(dir, OUTPUTS)).toThrow(
      'cannot write the changes: config/rbac is a file, but it must be a folder (ENOTDIR), needed for config/rbac/role.yaml',
    );
    expect(hashTree(dir)).toEqual(before);
  });

  it('rolls the CRD back when writing the RBAC output fails half-way', () => {
    const dir = project();
    const before = hashTree(dir);
    // The CRD is renamed into place first; the second rename (role.yaml) hits a full disk.
    const fs = faultyFileSystem(nodeFileSystem, [{ op: 'rename', nth: 2, code: 'ENOSPC' }]);
    expect(() => writeOutputs(dir, OUTPUTS, { fs })).toThrow(
      /^writing config\/rbac\/role\.yaml failed \(ENOSPC: no space left on device\); every change was rolled back/,
    );
    expect(hashTree(dir)).toEqual(before);
    expect(writeOutputs(dir, OUTPUTS).written).toEqual([...OUTPUTS.keys()]);
    expect(writeOutputs(dir, OUTPUTS)).toEqual({ written: [], unchanged: [...OUTPUTS.keys()] });
  });
});
