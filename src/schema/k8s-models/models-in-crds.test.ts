import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { formatDiagnostic } from '../../errors/diagnostic.js';
import { runGenerate } from '../../generate/run.js';

// client-node models in CRDs, end to end through runGenerate: their schema is Kubernetes' own, and it stays
// the same wherever and however often a model is used (several kinds, markers on one use, --max-desc-len).
const REPO = fileURLToPath(new URL('../../..', import.meta.url));
let root: string;

function kind(name: string, templateMarkers: string): string {
  return `import type { V1ObjectMeta, V1PodTemplateSpec, V1ContainerPort, V1alpha1ClusterTrustBundleSpec, KubeConfig } from '@kubernetes/client-node';

/** ${name}Spec is the desired state. */
export interface ${name}Spec {
  /**
   * template of the pods.
${templateMarkers}
   */
  template?: V1PodTemplateSpec;
  /** ports exposed. */
  ports?: V1ContainerPort[];
}

/** ${name} is a kind. */
export interface ${name} {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: ${name}Spec;
}
`;
}

function write(rel: string, text: string): void {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
}

type Schema = { properties: Record<string, Schema>; items: Schema; description?: string; [k: string]: unknown };

function specOf(text: string): Schema {
  return (parse(text) as { spec: { versions: { schema: { openAPIV3Schema: Schema } }[] } }).spec.versions[0]?.schema
    .openAPIV3Schema.properties.spec as Schema;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'operator-ts-k8s-models-'));
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
  write('api/v1/groupversion.ts', '// +groupName=toys.example.com\nexport {};\n');
  write(
    'api/v1/alpha.types.ts',
    kind('Alpha', '   * +kubebuilder:validation:XValidation:rule="has(self.spec)",message="spec is required"'),
  );
  write('api/v1/beta.types.ts', kind('Beta', ''));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('client-node models in CRDs', () => {
  it("carry Kubernetes' topology, defaults, formats and map types", () => {
    const r = runGenerate({ root, paths: ['api/v1/groupversion.ts', 'api/v1/beta.types.ts'], generators: ['crd'] });
    expect(r.diagnostics.map((d) => formatDiagnostic(d, root))).toEqual([]);
    const spec = specOf(
      r.files.get('config/crd/bases/toys.example.com_beta.yaml') ??
        r.files.get('config/crd/bases/toys.example.com_betas.yaml') ??
        '',
    );
    const pod = spec.properties.template?.properties.spec as Schema;
    expect(pod.properties.containers).toMatchObject({
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
    });
    const container = pod.properties.containers?.items as Schema;
    expect(container.properties.ports).toMatchObject({ 'x-kubernetes-list-map-keys': ['containerPort', 'protocol'] });
    expect(container.properties.args).toMatchObject({ 'x-kubernetes-list-type': 'atomic' });
    expect(container.properties.envFrom?.items.properties.configMapRef).toMatchObject({
      'x-kubernetes-map-type': 'atomic',
    });
    expect(container.properties.resources?.properties.limits?.additionalProperties).toMatchObject({
      'x-kubernetes-int-or-string': true,
    });
    expect(spec.properties.ports?.items.properties.protocol).toMatchObject({ default: 'TCP', type: 'string' });
    expect(spec.properties.ports?.items.properties.containerPort).toEqual({
      description: expect.any(String),
      format: 'int32',
      type: 'integer',
    });
    // Descriptions are Kubernetes' own, paragraphs kept, without openapi-gen's enum value lists.
    expect(pod.properties.restartPolicy?.description).not.toContain('Possible enum values');
  });

  it('gives every use of a model the same schema: markers on one use and --max-desc-len leave the others alone', () => {
    const r = runGenerate({ root, paths: ['api/v1/*.ts'], generators: ['crd'], maxDescLen: 30 });
    expect(r.diagnostics.map((d) => formatDiagnostic(d, root))).toEqual([]);
    const [alpha, beta] = [...r.files.keys()].sort().map((f) => specOf(r.files.get(f) as string));
    const a = alpha?.properties.template as Schema;
    const b = beta?.properties.template as Schema;
    expect(a['x-kubernetes-validations']).toEqual([{ message: 'spec is required', rule: 'has(self.spec)' }]);
    expect(b['x-kubernetes-validations']).toBeUndefined();
    const { 'x-kubernetes-validations': _, ...aRest } = a;
    expect(aRest).toEqual(b);
    const desc = (b.properties.spec as Schema).properties.containers?.description ?? '';
    expect(desc.length).toBeLessThanOrEqual(33);
    expect(desc.endsWith('...')).toBe(true);
  });

  it('reports a model of an API version Kubernetes no longer serves, and a client-node name that is no API type, where they are used', () => {
    write('bad/v1/groupversion.ts', '// +groupName=toys.example.com\nexport {};\n');
    write(
      'bad/v1/gamma.types.ts',
      `import type { V1ObjectMeta, V1alpha1ClusterTrustBundleSpec, KubeConfig } from '@kubernetes/client-node';

/** GammaSpec is the desired state. */
export interface GammaSpec {
  /** bundle of an alpha API that is gone. */
  bundle?: V1alpha1ClusterTrustBundleSpec;
  /** config is no API type. */
  config?: KubeConfig;
}

/** Gamma is a kind. */
export interface Gamma {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: GammaSpec;
}
`,
    );
    const r = runGenerate({ root, paths: ['bad/v1/*.ts'], generators: ['crd'] });
    expect(r.diagnostics.map((d) => formatDiagnostic(d, root))).toEqual([
      expect.stringMatching(
        /^bad\/v1\/gamma\.types\.ts:6:12: .*V1alpha1ClusterTrustBundleSpec from @kubernetes\/client-node has no schema in Kubernetes v1\.37\.\d+.*V1beta1ClusterTrustBundleSpec/s,
      ),
      expect.stringMatching(/^bad\/v1\/gamma\.types\.ts:8:12: .*KubeConfig .*is no Kubernetes API type/s),
    ]);
  });
});
