import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUserError } from '../errors/user-error.js';
import { generateAction } from './command-action.js';
import { runGenerate } from './run.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
let root: string;

const TYPES = `import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

/** GadgetSpec is the desired state. */
export interface GadgetSpec {
  /** size of the gadget. */
  size?: int32;
}

// +kubebuilder:object:root=true

/** Gadget is a gadget. */
export interface Gadget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: GadgetSpec;
}
`;

function write(rel: string, text: string): void {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
}

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'operator-ts-generate-'));
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
  write('src/api/v1/groupversion.ts', '// +groupName=toys.example.com\nexport const groupVersion = { group: "toys.example.com", version: "v1" };\n');
  write('src/api/v1/gadget.types.ts', TYPES);
  write('src/controllers/gadget.controller.ts', '// +kubebuilder:rbac:groups=toys.example.com,resources=gadgets,verbs=get;list;watch\nexport {};\n');
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

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
      TYPES.replace('V1ObjectMeta }', 'V1ObjectMeta, V1PodTemplateSpec }').replace('size?: int32;', 'size?: int32;\n  /** template of the pods. */\n  template?: V1PodTemplateSpec;').replaceAll('Gadget', 'Runner'),
    );
    try {
      const r = runGenerate({ root, generators: ['crd'], embeddedObjectMeta: true });
      expect(r.diagnostics).toEqual([]);
      const crd = r.files.get('config/crd/bases/pods.example.com_runners.yaml') ?? '';
      expect(crd).toMatch(/x-kubernetes-list-map-keys:\n\s+- containerPort\n\s+- protocol\n\s+x-kubernetes-list-type: map/);
      expect(r.warnings.join('\n')).toMatch(/pods.example.com_runners.yaml is \d+ KiB.*--max-desc-len/);
      const small = runGenerate({ root, generators: ['crd'], maxDescLen: 0 });
      expect(small.warnings).toEqual([]);
      expect(small.files.get('config/crd/bases/pods.example.com_runners.yaml')).not.toContain('description:');
    } finally {
      rmSync(join(root, 'src/api/v2'), { recursive: true, force: true });
    }
  }, 120_000);
});

describe('generateAction', () => {
  it('writes files, then leaves them untouched on a re-run', () => {
    const first = capture();
    generateAction(root, [], {}, first.io);
    expect(first.out.join('')).toContain('wrote config/crd/bases/toys.example.com_gadgets.yaml');
    const crdPath = join(root, 'config/crd/bases/toys.example.com_gadgets.yaml');
    const before = statSync(crdPath).mtimeMs;
    const text = readFileSync(crdPath, 'utf8');
    const second = capture();
    generateAction(root, [], {}, second.io);
    expect(second.out.join('')).toBe('generate: everything up to date\n');
    expect(statSync(crdPath).mtimeMs).toBe(before);
    expect(readFileSync(crdPath, 'utf8')).toBe(text);
  }, 120_000);

  it('reports every error, throws a UserError and writes nothing', () => {
    const crdPath = join(root, 'config/crd/bases/toys.example.com_gadgets.yaml');
    const before = readFileSync(crdPath, 'utf8');
    write('src/api/v1/gadget.types.ts', TYPES.replace('size?: int32;', 'size?: number;\n  /** +kubebuilder:validation:Maxium=3 */\n  other?: string;'));
    const c = capture();
    let thrown: unknown;
    try {
      generateAction(root, [], { maxDescLen: '0' }, c.io);
    } catch (err) {
      thrown = err;
    }
    expect(isUserError(thrown)).toBe(true);
    const stderr = c.err.join('');
    expect(stderr).toContain('src/api/v1/gadget.types.ts:7:10: error: field Gadget.spec.size: plain `number`');
    expect(stderr).toContain('unknown marker +kubebuilder:validation:Maxium=3\n  hint: did you mean +kubebuilder:validation:Maximum?');
    expect(readFileSync(crdPath, 'utf8')).toBe(before);
    write('src/api/v1/gadget.types.ts', TYPES);
  }, 120_000);

  it.each([
    ['a brace that closes a spec early', TYPES.replace('size?: int32;\n}', 'size?: int32; } color?: string; weight?: int32 }'), /gadget\.types\.ts:7:\d+: error: .*expected\. \(TS\d+\)/],
    ['an unclosed comment hiding the kind', TYPES.replace('// +kubebuilder:object:root=true', '/* +kubebuilder:object:root=true').replace('/** Gadget is a gadget. */', '// Gadget is a gadget.'), /gadget\.types\.ts:\d+:1: error: '\*\/' expected\. \(TS1010\)/],
  ])('stops on a syntax error (%s): computes no file, writes nothing', (_name, text, message) => {
    const crdPath = join(root, 'config/crd/bases/toys.example.com_gadgets.yaml');
    const before = readFileSync(crdPath, 'utf8');
    write('src/api/v1/gadget.types.ts', text);
    try {
      const r = runGenerate({ root });
      expect(r.files.size).toBe(0);
      expect(r.diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/\(TS\d+\)$/), ...r.diagnostics.slice(1).map(() => expect.any(String))]);
      const c = capture();
      expect(() => generateAction(root, [], {}, c.io)).toThrow(/no file was written/);
      expect(c.err.join('')).toMatch(message);
      expect(c.out).toEqual([]);
      expect(readFileSync(crdPath, 'utf8')).toBe(before);
    } finally {
      write('src/api/v1/gadget.types.ts', TYPES);
    }
  }, 120_000);

  it('rejects unknown generators and bad --max-desc-len', () => {
    expect(() => generateAction(root, ['crds'], {}, capture().io)).toThrow(/unknown generator "crds"/);
    expect(() => generateAction(root, [], { maxDescLen: '-1' }, capture().io)).toThrow(/--max-desc-len/);
    expect(() => generateAction(root, [], { paths: ['nothing/**/*.ts'] }, capture().io)).toThrow(/no TypeScript file matches --paths nothing/);
  });
});
