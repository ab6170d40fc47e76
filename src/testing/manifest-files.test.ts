import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isUserError } from '../errors/user-error.js';
import { parseManifestText, readManifestObjects } from './manifest-files.js';

const dir = mkdtempSync(join(tmpdir(), 'envtest-manifests-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const opts = { errorIfPathMissing: true, what: 'CRD' };

describe('readManifestObjects', () => {
  it('reads .yaml/.yml/.json of a directory in name order, not recursively, splitting documents', () => {
    const d = join(dir, 'crds');
    mkdirSync(join(d, 'nested'), { recursive: true });
    writeFileSync(join(d, 'b.yaml'), 'kind: B1\n---\nkind: B2\n---\n');
    writeFileSync(join(d, 'a.json'), '{"kind":"A"}');
    writeFileSync(join(d, 'c.yml'), 'kind: List\nitems:\n- kind: C1\n- kind: C2\n');
    writeFileSync(join(d, 'kustomization.txt'), 'kind: Ignored\n');
    writeFileSync(join(d, 'nested', 'x.yaml'), 'kind: Nested\n');
    const objects = readManifestObjects([d], opts);
    expect(objects.map((o) => o.object.kind)).toEqual(['A', 'B1', 'B2', 'C1', 'C2']);
    expect(objects[1]?.source).toBe(`${join(d, 'b.yaml')}#0`);
  });

  it('skips a missing path unless asked to fail, then names it', () => {
    expect(readManifestObjects([join(dir, 'nope')], { ...opts, errorIfPathMissing: false })).toEqual([]);
    let caught: unknown;
    try {
      readManifestObjects([join(dir, 'nope')], opts);
    } catch (err) {
      caught = err;
    }
    expect(isUserError(caught)).toBe(true);
    expect((caught as Error).message).toBe(`CRD path ${join(dir, 'nope')} does not exist`);
  });

  it('reports invalid YAML with file and line', () => {
    expect(() => parseManifestText('kind: A\nspec:\n  a: [1, 2\n', 'f.yaml')).toThrow(/^f\.yaml:\d+: invalid YAML/);
  });

  it('rejects documents that are not mappings', () => {
    expect(() => parseManifestText('- a\n- b\n', 'g.yaml')).toThrow(
      'g.yaml: expected a Kubernetes object, found a list',
    );
  });
});
