import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../errors/diagnostic.js';
import { markersFor } from './keyword-markers.js';
import { commentSafe, quoted, verifiedMarker } from './marker-text.js';
import { readCrds, runImport } from './run-import.js';
import { readSourceObjects } from './source-documents.js';
import { TypePlanner } from './type-plan.js';

const CRD = (schema: string, extra = ''): string => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, plural: widgets}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true${extra}
    schema:
      openAPIV3Schema:
${schema}`;

const ROOT = `        type: object
        properties:
          apiVersion: {type: string}
          kind: {type: string}
          metadata: {type: object}
`;

describe('readSourceObjects', () => {
  it('reads every document and every item of a List, and locates their nodes', () => {
    const text = 'a: 1\n---\napiVersion: v1\nkind: List\nitems:\n- x: {y: 2}\n- z: 3\n';
    const { objects, diagnostics } = readSourceObjects({ file: 'f.yaml', text });
    expect(diagnostics).toEqual([]);
    expect(objects.map((o) => o.value)).toEqual([{ a: 1 }, { x: { y: 2 } }, { z: 3 }]);
    expect(objects[1]?.locate(['x', 'y'])).toEqual({ file: 'f.yaml', line: 6, column: 10 });
    expect(objects[1]?.locate(['x', 'missing'])).toEqual({ file: 'f.yaml', line: 6, column: 6 });
  });
  it('reports syntax errors at their position', () => {
    const { diagnostics } = readSourceObjects({ file: 'f.json', text: '{"a": 1,\n "a": 2}' });
    expect(diagnostics[0]).toMatchObject({ file: 'f.json', line: 2, severity: 'error' });
  });
});

describe('readCrds', () => {
  it('names the file, line, column and fix of every problem', () => {
    const text = CRD(
      `${ROOT}          spec:\n            type: object\n            properties:\n              n: {type: int}\n              l: {type: array, items: [{type: string}]}\n`,
    ).replace('scope: Namespaced', 'scope: namespaced');
    const { crds, diagnostics } = readCrds([{ file: 'w.yaml', text }]);
    expect(crds).toEqual([]);
    expect(diagnostics.map((d) => formatDiagnostic(d))).toEqual([
      'w.yaml:7:10: error: spec.scope "namespaced" is neither Namespaced nor Cluster\n  hint: set spec.scope: Namespaced or spec.scope: Cluster',
      'w.yaml:22:25: error: schema node spec.n has type "int"\n  hint: use one of object, array, string, integer, number, boolean (nullable: true for null)',
      'w.yaml:23:39: error: items of spec.l is a list (a tuple), which structural schemas do not allow\n  hint: give items one schema for every element',
    ]);
  });
  it('refuses apiextensions.k8s.io/v1beta1 with the fix', () => {
    const { diagnostics } = readCrds([
      { file: 'w.yaml', text: CRD(ROOT).replace('apiextensions.k8s.io/v1', 'apiextensions.k8s.io/v1beta1') },
    ]);
    expect(diagnostics[0]?.message).toContain('not apiextensions.k8s.io/v1');
    expect(diagnostics[0]?.hint).toContain('removed in Kubernetes 1.22');
  });
});

describe('marker text', () => {
  it('never closes the doc comment and reads back as the value', () => {
    expect(commentSafe('a*/b')).toBe('a*\\/b');
    const line = `+kubebuilder:validation:Pattern=${quoted('^[a-z]*/x$')}`;
    expect(line).not.toContain('*/');
    expect(verifiedMarker(line, '^[a-z]*/x$')).toBe(line);
    expect(verifiedMarker('+kubebuilder:validation:MaxLength=3', 4)).toBeUndefined();
  });
});

describe('markersFor', () => {
  const str = { type: 'string', intOrString: false } as const;
  it('writes markers for the target, and the escape hatch for what no marker says there', () => {
    expect(markersFor({ maxLength: 3, default: 'a' }, 'field', str)?.lines).toEqual([
      '+default="a"',
      '+kubebuilder:validation:MaxLength=3',
    ]);
    expect(markersFor({ maxLength: 3, default: 'a' }, 'type', str)).toEqual({
      lines: ['+kubebuilder:validation:MaxLength=3', '+operator-ts:schema={"default":"a"}'],
      raw: ['default'],
    });
    expect(markersFor({ pattern: 'x' }, 'items', str)?.lines).toEqual(['+kubebuilder:validation:items:Pattern="x"']);
    expect(markersFor({ default: 'a' }, 'items', str)).toBeUndefined();
  });
  it('keeps numeric bounds off strings and CEL rules with every field', () => {
    expect(markersFor({ minimum: 1 }, 'field', str)?.raw).toEqual(['minimum']);
    const rule = {
      rule: 'self.a > 0',
      message: 'a, b; c',
      reason: 'FieldValueForbidden',
      fieldPath: '.a',
      optionalOldSelf: true,
    };
    expect(
      markersFor({ 'x-kubernetes-validations': [rule] }, 'type', { type: 'object', intOrString: false })?.lines,
    ).toEqual([
      '+kubebuilder:validation:XValidation:rule="self.a > 0",message="a, b; c",reason="FieldValueForbidden",fieldPath=".a",optionalOldSelf=true',
    ]);
  });
});

describe('TypePlanner', () => {
  it('names nested types by path, types leaves with aliases and marks what types cannot say', () => {
    const plan = new TypePlanner().planRoot(
      {
        type: 'object',
        properties: {
          apiVersion: { type: 'string' },
          kind: { type: 'string' },
          metadata: { type: 'object' },
          spec: {
            type: 'object',
            required: ['ports'],
            properties: {
              ports: {
                type: 'array',
                items: { type: 'object', properties: { port: { type: 'integer', format: 'int32', minimum: 1 } } },
              },
              size: { 'x-kubernetes-int-or-string': true },
            },
          },
        },
      },
      'Widget',
      ['+kubebuilder:object:root=true'],
    );
    expect(plan.decls.map((d) => d.name)).toEqual(['Widget', 'WidgetSpec', 'WidgetSpecPort']);
    const spec = plan.decls[1];
    expect(
      spec?.kind === 'interface' ? spec.properties.map((p) => [p.name, p.required, p.fragment, p.doc]) : [],
    ).toEqual([
      ['ports', true, { type: 'array', items: { tsType: 'WidgetSpecPort' } }, []],
      [
        'size',
        false,
        { tsType: 'IntOrString' },
        ['+kubebuilder:validation:Schemaless', '+operator-ts:schema={"x-kubernetes-int-or-string":true}'],
      ],
    ]);
    expect(plan.notes).toEqual([
      { path: 'spec.size', message: expect.stringContaining('x-kubernetes-int-or-string without anyOf') },
    ]);
    expect([...plan.uses].sort()).toEqual(['IntOrString', 'V1ObjectMeta', 'int32']);
  });
});

describe('runImport', () => {
  it('writes the types, the descriptor and groupversion.ts under src/api/external/<group>/<version>, the same bytes every time', async () => {
    const text = CRD(
      `${ROOT}          spec:\n            type: object\n            properties:\n              mode: {type: string, enum: [a, b], default: a}\n`,
    );
    const a = await runImport({ sources: [{ file: 'w.yaml', text }] });
    const b = await runImport({ sources: [{ file: 'w.yaml', text }] });
    expect(a.diagnostics).toEqual([]);
    expect([...a.files.keys()]).toEqual([
      'src/api/external/example.com/v1/widget.types.ts',
      'src/api/external/example.com/v1/widget.resource.ts',
      'src/api/external/example.com/v1/groupversion.ts',
    ]);
    expect([...a.files]).toEqual([...b.files]);
    const types = a.files.get('src/api/external/example.com/v1/widget.types.ts') ?? '';
    expect(types).toContain("  /**\n   * +default=\"a\"\n   */\n  mode?: 'a' | 'b';");
    expect(a.files.get('src/api/external/example.com/v1/groupversion.ts')).toContain(
      '// +kubebuilder:skip\n// +groupName=example.com\n// +versionName=v1\n',
    );
    expect(a.files.get('src/api/external/example.com/v1/widget.resource.ts')).toContain(
      'export const WidgetResource = defineResource<Widget>({',
    );
  });
});
