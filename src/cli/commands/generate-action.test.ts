import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUserError } from '../../errors/user-error.js';
import { GADGET_TYPES as TYPES, gadgetProject, type GadgetProject } from '../../generate/fixtures/gadget-project.js';
import { runGenerate } from '../../generate/run.js';
import { RunContext } from '../run-context.js';
import { generateAction, type GenerateReport } from './generate-action.js';

let project: GadgetProject;
let root: string;
const write = (rel: string, text: string): void => project.write(rel, text);

beforeAll(() => {
  project = gadgetProject();
  root = project.root;
});

afterAll(() => project.remove());

function capture(tty = false) {
  const out: string[] = [];
  const err: string[] = [];
  const io = { cwd: root, out: (t: string) => void out.push(t), err: (t: string) => void err.push(t), errIsTTY: tty };
  const ctx = new RunContext(io, []);
  return { ctx, out, err };
}

describe('generateAction', () => {
  it('writes files, then leaves them untouched on a re-run', () => {
    const first = capture();
    generateAction(first.ctx, [], {});
    expect(first.out.join('')).toContain('wrote config/crd/bases/toys.example.com_gadgets.yaml');
    const crdPath = join(root, 'config/crd/bases/toys.example.com_gadgets.yaml');
    const before = statSync(crdPath).mtimeMs;
    const text = readFileSync(crdPath, 'utf8');
    const second = capture();
    generateAction(second.ctx, [], {});
    expect(second.out.join('')).toBe('generate: everything up to date\n');
    expect(statSync(crdPath).mtimeMs).toBe(before);
    expect(readFileSync(crdPath, 'utf8')).toBe(text);
  }, 120_000);

  it('reports every error, throws a UserError and writes nothing', () => {
    const crdPath = join(root, 'config/crd/bases/toys.example.com_gadgets.yaml');
    const before = readFileSync(crdPath, 'utf8');
    write(
      'src/api/v1/gadget.types.ts',
      TYPES.replace('size?: int32;', 'size?: number;\n  /** +kubebuilder:validation:Maxium=3 */\n  other?: string;'),
    );
    const c = capture();
    let thrown: unknown;
    try {
      generateAction(c.ctx, [], { maxDescLen: '0' });
    } catch (err) {
      thrown = err;
    }
    expect(isUserError(thrown)).toBe(true);
    const stderr = c.err.join('');
    expect(stderr).toContain('src/api/v1/gadget.types.ts:7:10: error: field Gadget.spec.size: plain `number`');
    expect(stderr).toContain(
      'unknown marker +kubebuilder:validation:Maxium=3\n  hint: did you mean +kubebuilder:validation:Maximum?',
    );
    expect(readFileSync(crdPath, 'utf8')).toBe(before);
    write('src/api/v1/gadget.types.ts', TYPES);
  }, 120_000);

  it.each([
    [
      'a brace that closes a spec early',
      TYPES.replace('size?: int32;\n}', 'size?: int32; } color?: string; weight?: int32 }'),
      /gadget\.types\.ts:7:\d+: error: .*expected\. \(TS\d+\)/,
    ],
    [
      'an unclosed comment hiding the kind',
      TYPES.replace('// +kubebuilder:object:root=true', '/* +kubebuilder:object:root=true').replace(
        '/** Gadget is a gadget. */',
        '// Gadget is a gadget.',
      ),
      /gadget\.types\.ts:\d+:1: error: '\*\/' expected\. \(TS1010\)/,
    ],
  ])(
    'stops on a syntax error (%s): computes no file, writes nothing',
    (_name, text, message) => {
      const crdPath = join(root, 'config/crd/bases/toys.example.com_gadgets.yaml');
      const before = readFileSync(crdPath, 'utf8');
      write('src/api/v1/gadget.types.ts', text);
      try {
        const r = runGenerate({ root });
        expect(r.files.size).toBe(0);
        expect(r.diagnostics.map((d) => d.message)).toEqual([
          expect.stringMatching(/\(TS\d+\)$/),
          ...r.diagnostics.slice(1).map(() => expect.any(String)),
        ]);
        const c = capture();
        expect(() => generateAction(c.ctx, [], {})).toThrow(/no file was written/);
        expect(c.err.join('')).toMatch(message);
        expect(c.out).toEqual([]);
        expect(readFileSync(crdPath, 'utf8')).toBe(before);
      } finally {
        write('src/api/v1/gadget.types.ts', TYPES);
      }
    },
    120_000,
  );

  it('--json prints the files of each generator that ran, written or unchanged, and the diagnostics', () => {
    const first = capture();
    generateAction(first.ctx, ['crd', 'rbac'], { json: true, roleName: 'json-role' });
    const report = JSON.parse(first.out.join('')) as GenerateReport;
    expect(Object.keys(report.generators)).toEqual(['crd', 'rbac']);
    expect(report).toMatchObject({ ok: true, diagnostics: [], warnings: [] });
    const crd = 'config/crd/bases/toys.example.com_gadgets.yaml';
    expect(report.generators.crd).toEqual({ written: [], unchanged: [crd] });
    expect(report.generators.rbac).toEqual({ written: ['config/rbac/role.yaml'], unchanged: [] });
    generateAction(capture().ctx, [], {});
    write('src/api/v1/gadget.types.ts', TYPES.replace('size?: int32;', 'size?: number;'));
    try {
      const bad = capture();
      expect(() => generateAction(bad.ctx, [], { json: true })).toThrow(/no file was written/);
      const failed = JSON.parse(bad.out.join('')) as GenerateReport;
      expect(failed).toMatchObject({ ok: false, generators: {} });
      const file = 'src/api/v1/gadget.types.ts';
      expect(failed.diagnostics[0]).toMatchObject({ severity: 'error', file, line: 7, column: 10 });
      expect(failed.diagnostics[0]?.message).toContain('plain `number`');
    } finally {
      write('src/api/v1/gadget.types.ts', TYPES);
    }
  }, 120_000);

  it('shows its phases on a progress line on a terminal and clears it before the output', () => {
    const c = capture(true);
    generateAction(c.ctx, [], {});
    const stderr = c.err.join('');
    const redraw = '\\r\\u001b\\[K';
    const phases = `^generate 0s${redraw}generate: loading \\d+ source files \\d+s${redraw}generate: reading markers`;
    expect(stderr).toMatch(new RegExp(phases));
    expect(stderr).toContain('generate: building schemas and CRDs');
    expect(stderr.endsWith('\r\u001b[K')).toBe(true);
    const piped = capture(false);
    generateAction(piped.ctx, [], {});
    expect(piped.err).toEqual([]);
  }, 120_000);

  it('rejects a --role-name Kubernetes would refuse before reading anything', () => {
    for (const name of ['', '..', 'a/b', 'fifty%'])
      expect(() => generateAction(capture().ctx, [], { roleName: name })).toThrow(/is not a valid ClusterRole name/);
  });

  it('rejects unknown generators and bad --max-desc-len', () => {
    expect(() => generateAction(capture().ctx, ['crds'], {})).toThrow(/unknown generator "crds"/);
    expect(() => generateAction(capture().ctx, [], { maxDescLen: '-1' })).toThrow(/--max-desc-len/);
    expect(() => generateAction(capture().ctx, [], { paths: ['nothing/**/*.ts'] })).toThrow(
      /no TypeScript file matches --paths nothing/,
    );
  });
});
