import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GADGET_TYPES as TYPES, gadgetProject, type GadgetProject } from './fixtures/gadget-project.js';
import { runGenerate } from './run.js';

let project: GadgetProject;
let root: string;
const write = (rel: string, text: string): void => project.write(rel, text);

beforeAll(() => {
  project = gadgetProject();
  root = project.root;
});

afterAll(() => project.remove());

describe('runGenerate', () => {
  it('computes every output without writing', () => {
    const r = runGenerate({ root });
    expect(r.diagnostics).toEqual([]);
    expect([...r.files.keys()].sort()).toEqual([
      'config/crd/bases/toys.example.com_gadgets.yaml',
      'config/rbac/role.yaml',
      'src/api/v1/zz_generated.resources.ts',
    ]);
    const code = r.files.get('src/api/v1/zz_generated.resources.ts') ?? '';
    expect(code).toContain("import type { Gadget } from './gadget.types.js';");
    expect(code).toContain("plural: 'gadgets',");
    expect(() => statSync(join(root, 'config'))).toThrow();
  }, 120_000);

  it('honours generator selection and output flags', () => {
    const r = runGenerate({ root, generators: ['rbac'], rbacOutput: 'out/rbac', roleName: 'gadget-role' });
    expect([...r.files.keys()]).toEqual(['out/rbac/role.yaml']);
    expect(r.files.get('out/rbac/role.yaml')).toContain('name: gadget-role');
  }, 120_000);
});

describe('client-node models', () => {
  it('walks a whole PodTemplateSpec cleanly and warns when the CRD outgrows kubectl apply', () => {
    write('src/api/v2/groupversion.ts', '// +groupName=pods.example.com\nexport {};\n');
    write(
      'src/api/v2/runner.types.ts',
      TYPES.replace('V1ObjectMeta }', 'V1ObjectMeta, V1PodTemplateSpec }')
        .replace('size?: int32;', 'size?: int32;\n  /** template of the pods. */\n  template?: V1PodTemplateSpec;')
        .replaceAll('Gadget', 'Runner'),
    );
    try {
      const r = runGenerate({ root, generators: ['crd'], embeddedObjectMeta: true });
      expect(r.diagnostics).toEqual([]);
      const crd = r.files.get('config/crd/bases/pods.example.com_runners.yaml') ?? '';
      expect(crd).toMatch(
        /x-kubernetes-list-map-keys:\n\s+- containerPort\n\s+- protocol\n\s+x-kubernetes-list-type: map/,
      );
      expect(r.warnings.join('\n')).toMatch(/pods.example.com_runners.yaml is \d+ KiB.*--max-desc-len/);
      const small = runGenerate({ root, generators: ['crd'], maxDescLen: 0 });
      expect(small.warnings).toEqual([]);
      expect(small.files.get('config/crd/bases/pods.example.com_runners.yaml')).not.toContain('description:');
    } finally {
      rmSync(join(root, 'src/api/v2'), { recursive: true, force: true });
    }
  }, 120_000);
});
