import { describe, expect, it } from 'vitest';
import { isUserError } from '../../../errors/user-error.js';
import { isDns1123Label, isImageReference, isQualifiedName } from './names.js';
import { compareKubeVersions, isSemverRange, isStrictSemver } from './semver.js';
import { parseManifestStream } from './yaml-input.js';

describe('names', () => {
  it('accepts image references and rejects malformed ones', () => {
    for (const ok of [
      'busybox',
      'docker.io/library/memcached:1.6',
      'quay.io/a/b:v0.1.0',
      'localhost:5000/x/y',
      `quay.io/a/b@sha256:${'a'.repeat(64)}`,
      `r.io/a:t@sha256:${'0'.repeat(64)}`,
    ]) {
      expect(isImageReference(ok), ok).toBe(true);
    }
    for (const bad of ['', 'Not A Ref', 'UPPER/case', 'quay.io/a/b:', 'a//b', 'quay.io/a@sha256:short'])
      expect(isImageReference(bad), bad).toBe(false);
  });
  it('checks DNS labels and qualified names', () => {
    expect(isDns1123Label('memcached-operator')).toBe(true);
    expect(isDns1123Label('Memcached')).toBe(false);
    expect(isQualifiedName('app.kubernetes.io/name')).toBe(true);
    expect(isQualifiedName('bad key')).toBe(false);
  });
});

describe('semver', () => {
  it('is strict like operator-sdk', () => {
    expect(isStrictSemver('0.1.0')).toBe(true);
    expect(isStrictSemver('1.0.0-rc.1+build.5')).toBe(true);
    for (const bad of ['v0.1.0', '0.1', '01.0.0', '0.1.0 ', '=0.1.0']) expect(isStrictSemver(bad), bad).toBe(false);
  });
  it('parses ranges and orders Kubernetes versions', () => {
    expect(isSemverRange('>=0.1.0 <0.2.0')).toBe(true);
    expect(isSemverRange('soon')).toBe(false);
    expect(['v1alpha1', 'v1', 'v2beta1', 'v1beta2'].sort(compareKubeVersions)).toEqual([
      'v1',
      'v2beta1',
      'v1beta2',
      'v1alpha1',
    ]);
  });
});

describe('parseManifestStream', () => {
  it('flattens Lists and skips empty documents', () => {
    const docs = parseManifestStream(
      '---\n---\napiVersion: v1\nkind: List\nitems:\n- kind: A\n- kind: B\n---\nkind: C\n',
      'in',
    );
    expect(docs.map((d) => d.obj.kind)).toEqual(['A', 'B', 'C']);
  });
  it('names the source and line of a syntax error', () => {
    try {
      parseManifestStream('kind: A\n---\nkind: [\n', 'stdin');
      throw new Error('no error');
    } catch (err) {
      expect(isUserError(err)).toBe(true);
      expect((err as Error).message).toMatch(/^stdin:\d+: invalid YAML/);
    }
  });
  it('rejects a non-object document', () => {
    expect(() => parseManifestStream('- a\n', 'f.yaml')).toThrow(/f.yaml:1: expected a Kubernetes object/);
  });
});
