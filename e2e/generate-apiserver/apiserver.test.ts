// Every golden CRD of src/schema/testdata on a real kube-apiserver (envtest): all install and become
// Established, and for the validation cases the apiserver rejects objects that break each validation with
// the expected message and accepts a valid one. One control plane for the whole file.
//
// Golden cases reuse the group test.example.com and kind Widget, so each case's CRDs are installed under
// a group of their own (`<case>.golden.test`); the schemas are untouched.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiextensionsV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import {
  type CustomResourceDefinitionObject,
  findBinaryAssets,
  isBinaryAssets,
  startTestEnv,
  type TestEnv,
} from '../../dist/src/testing/index.js';
import { type CaseSamples, SAMPLES, type Spec } from './samples.js';

const TESTDATA = fileURLToPath(new URL('../../src/schema/testdata', import.meta.url));
const NAMESPACE = 'default';

interface Installed {
  case: string;
  kind: string;
  group: string;
  plural: string;
  version: string;
  namespaced: boolean;
}

type Crd = CustomResourceDefinitionObject & {
  metadata: { name: string };
  spec: {
    group: string;
    scope: string;
    names: { kind: string; plural: string };
    versions: { name: string; served: boolean; storage: boolean }[];
  };
};

function goldenCrds(): { crds: Crd[]; installed: Installed[] } {
  const crds: Crd[] = [];
  const installed: Installed[] = [];
  for (const name of readdirSync(TESTDATA).sort()) {
    const dir = join(TESTDATA, name, 'expected');
    if (name === 'errors' || !statSync(join(TESTDATA, name)).isDirectory() || !existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) {
      for (const doc of parseAllDocuments(readFileSync(join(dir, f), 'utf8'))) {
        const crd = doc.toJS() as Crd | null;
        if (crd?.kind !== 'CustomResourceDefinition') continue;
        const group = `${name}.golden.test`;
        crd.spec.group = group;
        crd.metadata.name = `${crd.spec.names.plural}.${group}`;
        crds.push(crd);
        const served = crd.spec.versions.find((v) => v.storage && v.served) ?? crd.spec.versions.find((v) => v.served);
        installed.push({
          case: name,
          kind: crd.spec.names.kind,
          group,
          plural: crd.spec.names.plural,
          version: served?.name ?? '',
          namespaced: crd.spec.scope === 'Namespaced',
        });
      }
    }
  }
  return { crds, installed };
}

/** errorText renders what the apiserver answered (client-node puts the Status body in `body`). */
function errorText(e: unknown): string {
  const body = (e as { body?: unknown }).body;
  if (typeof body === 'string') {
    try {
      return String((JSON.parse(body) as { message?: string }).message ?? body);
    } catch {
      return body;
    }
  }
  if (body !== undefined) return String((body as { message?: string }).message ?? JSON.stringify(body));
  return String(e);
}

const assets = findBinaryAssets();
const { crds, installed } = goldenCrds();

describe.skipIf(!isBinaryAssets(assets))('golden CRDs on a real kube-apiserver', () => {
  let env: TestEnv;
  let objects: CustomObjectsApi;
  let counter = 0;

  beforeAll(async () => {
    env = await startTestEnv({ crds, crdInstallTimeoutMs: 120_000 });
    objects = env.kubeConfig.makeApiClient(CustomObjectsApi);
  });

  afterAll(async () => {
    await env?.stop();
  });

  it('installs every golden CRD and each becomes Established', async () => {
    expect(crds.length).toBeGreaterThan(50);
    const ext = env.kubeConfig.makeApiClient(ApiextensionsV1Api);
    const notEstablished: string[] = [];
    for (const crd of crds) {
      const got = await ext.readCustomResourceDefinition({ name: crd.metadata.name });
      const cond = got.status?.conditions?.find((c) => c.type === 'Established');
      if (cond?.status !== 'True')
        notEstablished.push(`${crd.metadata.name}: ${JSON.stringify(got.status?.conditions)}`);
    }
    expect(notEstablished).toEqual([]);
  });

  function target(s: CaseSamples): Installed {
    const t = installed.find((i) => i.case === s.case && (s.kind === undefined || i.kind === s.kind));
    if (t === undefined) throw new Error(`no golden CRD for case ${s.case}`);
    return t;
  }

  async function create(t: Installed, spec: Spec): Promise<Record<string, unknown>> {
    const body = { apiVersion: `${t.group}/${t.version}`, kind: t.kind, metadata: { name: `s${++counter}` }, spec };
    const p = { group: t.group, version: t.version, plural: t.plural, body };
    return (
      t.namespaced
        ? await objects.createNamespacedCustomObject({ ...p, namespace: NAMESPACE })
        : await objects.createClusterCustomObject(p)
    ) as Record<string, unknown>;
  }

  async function replace(t: Installed, obj: Record<string, unknown>, spec: Spec): Promise<void> {
    const name = (obj.metadata as { name: string }).name;
    const body = { ...obj, spec };
    const p = { group: t.group, version: t.version, plural: t.plural, name, body };
    if (t.namespaced) await objects.replaceNamespacedCustomObject({ ...p, namespace: NAMESPACE });
    else await objects.replaceClusterCustomObject(p);
  }

  for (const s of SAMPLES) {
    describe(s.case, () => {
      it('accepts a valid object', async () => {
        const created = await create(target(s), s.valid);
        if (s.defaulted !== undefined) expect(created.spec).toMatchObject(s.defaulted);
      });
      for (const v of s.violations) {
        it(`rejects: ${v.name}`, async () => {
          const t = target(s);
          let failure: string | undefined;
          try {
            if (v.update === undefined) {
              await create(t, v.spec);
            } else {
              const obj = await create(t, v.spec);
              await replace(t, obj, v.update);
            }
          } catch (e) {
            failure = errorText(e);
          }
          expect(failure, `${s.case}: ${v.name} was accepted`).toBeDefined();
          expect(failure).toContain(v.expect);
        });
      }
    });
  }
});
