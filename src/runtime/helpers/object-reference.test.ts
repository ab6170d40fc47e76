import { describe, expect, it } from 'vitest';
import { builtin } from '../builtin.js';
import { getReference } from './object-reference.js';

const job = () => ({
  metadata: { name: 'nightly-1', namespace: 'ops', uid: 'u-1', resourceVersion: '42', labels: { a: 'b' } },
  spec: {},
});

describe('getReference', () => {
  it("refers to the object by apiVersion, kind, namespace, name, uid and resourceVersion, as client-go's GetReference", () => {
    expect(getReference({ apiVersion: 'batch/v1', kind: 'Job', ...job() })).toEqual({
      apiVersion: 'batch/v1',
      kind: 'Job',
      namespace: 'ops',
      name: 'nightly-1',
      uid: 'u-1',
      resourceVersion: '42',
    });
  });

  it('takes apiVersion and kind from the descriptor when the object lacks them (list items of built-in kinds)', () => {
    expect(getReference(job(), builtin.Job)).toMatchObject({ apiVersion: 'batch/v1', kind: 'Job', name: 'nightly-1' });
  });

  it('leaves out what the object does not have, such as the namespace of a cluster-scoped object', () => {
    expect(getReference({ metadata: { name: 'n1' } }, builtin.Node)).toEqual({
      apiVersion: 'v1',
      kind: 'Node',
      name: 'n1',
    });
  });

  it('refuses an object whose kind it cannot tell, naming the fix', () => {
    expect(() => getReference(job())).toThrow(
      "reference needs the object's apiVersion, kind: pass an object read from the API server, or its descriptor",
    );
  });
});
