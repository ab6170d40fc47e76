import { Project } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { collectFileMarkers } from './collect.js';
import { fileComments } from './comments.js';
import { didYouMean } from './did-you-mean.js';
import { parseMarker } from './parse-marker.js';
import { operatorTsMarkers } from '../generate/markers.js';
import { flagMarker, misplacement } from './definition.js';
import { parseAny } from './parse-value.js';
import { MarkerRegistry } from './registry.js';

// The markers of every generator, as `generate` reads them: the grammar is tested on real definitions.
const registry = operatorTsMarkers();

function ok(text: string) {
  const r = parseMarker(text, registry);
  if (r === undefined || r.ok !== true) throw new Error(`expected ${text} to parse: ${JSON.stringify(r)}`);
  return r.marker;
}

describe('parseMarker', () => {
  it('parses anonymous values of each type', () => {
    expect(ok('+kubebuilder:validation:Minimum=1.5').value).toBe(1.5);
    expect(ok('+kubebuilder:validation:MaxLength=10').value).toBe(10);
    expect(ok('+kubebuilder:validation:Pattern=`^a,b;c$`').value).toBe('^a,b;c$');
    expect(ok('+kubebuilder:validation:Enum=A;B;"C D"').value).toEqual(['A', 'B', 'C D']);
    expect(ok('+kubebuilder:validation:Enum={1,2,"x"}').value).toEqual([1, 2, 'x']);
    expect(ok('+kubebuilder:object:root=true').value).toBe(true);
    expect(ok('+kubebuilder:validation:ExclusiveMinimum').value).toBe(true);
    expect(ok('+nullable').value).toBe(true);
  });
  it('parses named arguments with lists and quotes', () => {
    const m = ok('+kubebuilder:rbac:groups="",resources=pods;pods/status,verbs=get;list');
    expect(m.def.name).toBe('kubebuilder:rbac');
    expect(m.value).toEqual({ groups: [''], resources: ['pods', 'pods/status'], verbs: ['get', 'list'] });
    const x = ok('+kubebuilder:validation:XValidation:rule="self.a == oldSelf.a, ok",message=`no, never`');
    expect(x.value).toEqual({ rule: 'self.a == oldSelf.a, ok', message: 'no, never' });
    expect(
      ok('+kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp"').value,
    ).toMatchObject({ JSONPath: '.metadata.creationTimestamp' });
  });
  it('parses default maps and lists', () => {
    expect(parseAny('{a: 1, "b": "x"}')).toEqual({ a: 1, b: 'x' });
    expect(parseAny('{a,b}')).toEqual(['a', 'b']);
    expect(parseAny('{}')).toEqual({});
    expect(ok('+kubebuilder:default={replicas: 3}').value).toEqual({ replicas: 3 });
  });
  it('rejects unknown kubebuilder markers with a suggestion and ignores other tools', () => {
    const r = parseMarker('+kubebuilder:validation:Minumum=1', registry);
    expect(r).toMatchObject({ ok: false, message: 'unknown marker +kubebuilder:validation:Minumum=1' });
    expect(r !== undefined && !r.ok ? r.hint : '').toContain('+kubebuilder:validation:Minimum');
    expect(parseMarker('+k8s:openapi-gen=true', registry)).toBeUndefined();
  });
  it('reads the `:=` spelling of markers with one unnamed value, as controller-gen does', () => {
    expect(ok('+kubebuilder:default:=Allow').value).toBe('Allow');
    expect(ok('+kubebuilder:validation:Enum:=a;b').value).toEqual(['a', 'b']);
    expect(ok('+listType:=set').value).toBe('set');
    expect(parseMarker('+kubebuilder:subresource:status:=x', registry)).toMatchObject({
      ok: false,
      message: 'unknown marker +kubebuilder:subresource:status:=x',
    });
    expect(parseMarker('+kubebuilder:printcolumn:=x', registry)).toMatchObject({ ok: false });
  });
  it('reads a bare null as the string controller-gen makes of it', () => {
    expect(ok('+kubebuilder:default=null').value).toBe('null');
    expect(ok('+kubebuilder:default={a: null}').value).toEqual({ a: 'null' });
  });
  it('ignores, with a warning, spellings controller-gen ignores: another letter case, or a known marker under kubebuilder:', () => {
    expect(parseMarker('+kubebuilder:validation:nullable', registry)).toMatchObject({
      ok: 'ignored',
      message: expect.stringContaining('the marker is +nullable'),
      hint: expect.stringContaining('+nullable'),
    });
    expect(parseMarker('+kubebuilder:validation:optional', registry)).toMatchObject({
      ok: 'ignored',
      hint: expect.stringContaining('+kubebuilder:validation:Optional'),
    });
    expect(parseMarker('+kubebuilder:validation:minimum=1', registry)).toMatchObject({
      ok: 'ignored',
      hint: expect.stringContaining('+kubebuilder:validation:Minimum=1'),
    });
  });
  it.each([
    ['+kubebuilder:validation:Minumum=1', 'kubebuilder:validation:Minimum'],
    ['+kubebuilder:validation:Nulable', 'nullable'],
    ['+kubebuilder:validation:MaxLenght=3', 'kubebuilder:validation:MaxLength'],
    ['+kubebuilder:rbca:groups=apps,verbs=get', 'kubebuilder:rbac'],
    ['+kubebuilder:defualt=1', 'kubebuilder:default'],
    ['+kubebuilder:subresource:stats', 'kubebuilder:subresource:status'],
    ['+kubebuilder:printcolum:name=x,type=string,JSONPath=.x', 'kubebuilder:printcolumn'],
    ['+kubebuilder:validation:XValidaton:rule="self > 0"', 'kubebuilder:validation:XValidation'],
    ['+kubebuilder:validaton:Required', 'kubebuilder:validation:Required'],
  ])('points the near miss %s at +%s', (text, name) => {
    const r = parseMarker(text, registry);
    expect(r).toMatchObject({ ok: false, message: `unknown marker ${text}` });
    expect(r !== undefined && r.ok === false ? r.hint : '').toContain(`did you mean +${name}?`);
  });
  it('reports missing required and unknown arguments', () => {
    expect(parseMarker('+kubebuilder:rbac:groups=apps,resources=deployments', registry)).toMatchObject({
      ok: false,
      message: expect.stringContaining('missing required argument verbs'),
    });
    expect(parseMarker('+kubebuilder:resource:scop=Cluster', registry)).toMatchObject({
      ok: false,
      hint: expect.stringContaining('"scope"'),
    });
    expect(parseMarker('+kubebuilder:validation:MaxLength=abc', registry)).toMatchObject({ ok: false });
  });
  it('suggests close names only', () => {
    expect(didYouMean('Minumum', ['Minimum', 'Maximum'])).toBe('Minimum');
    expect(didYouMean('zzzzzzzz', ['Minimum'])).toBeUndefined();
  });
});

describe('MarkerRegistry', () => {
  it('looks markers up by name, in other letter case and by namespace, and refuses a name twice', () => {
    const a = flagMarker('example:one:Flag', ['field'], 'A flag.');
    const r = new MarkerRegistry().register(a, flagMarker('example:two', ['type'], 'Another.'));
    expect(r.lookup('example:one:Flag')).toBe(a);
    expect(r.lookup('example:one:flag')).toBeUndefined();
    expect(r.lookupIgnoringCase('EXAMPLE:one:flag')).toBe(a);
    expect(r.hasNamespace('example:one')).toBe(true);
    expect(r.hasNamespace('example:three')).toBe(false);
    expect(r.all().map((m) => m.name)).toEqual(['example:one:Flag', 'example:two']);
    expect(() => r.register(flagMarker('example:two', ['field'], 'Again.'))).toThrow('registered twice');
    r.register(flagMarker('example:three:X', ['field'], 'Later.'));
    expect(r.hasNamespace('example:three')).toBe(true);
  });
  it('parses only the markers it holds', () => {
    const r = new MarkerRegistry().register(flagMarker('kubebuilder:only', ['field'], 'The only one.'));
    expect(parseMarker('+kubebuilder:only', r)).toMatchObject({ ok: true });
    expect(parseMarker('+kubebuilder:onyl', r)).toMatchObject({
      ok: false,
      hint: expect.stringContaining('+kubebuilder:only'),
    });
  });
});

describe('misplacement', () => {
  it('says where a marker may stand instead', () => {
    const fieldOnly = flagMarker('f', ['field'], 'F.');
    expect(misplacement(fieldOnly, '+f', 'field')).toBeUndefined();
    expect(misplacement(fieldOnly, '+f', 'type')).toEqual(['+f applies to fields, not types', 'put it on a field']);
    expect(misplacement(flagMarker('p', ['package'], 'P.'), '+p', 'type')).toEqual([
      '+p applies to folders (package level), not types',
      'put it in a comment of any file of the folder, not above a declaration',
    ]);
  });
});

describe('collectFileMarkers', () => {
  it('attaches doc and marker groups to declarations and keeps package markers apart', () => {
    const project = new Project({ useInMemoryFileSystem: true });
    const sf = project.createSourceFile(
      '/a/types.ts',
      [
        '// +groupName=example.com',
        '// +kubebuilder:validation:Optional',
        'import type { X } from "x";',
        '',
        '// +kubebuilder:object:root=true',
        '',
        '/** Foo is a foo.',
        ' * +kubebuilder:subresource:status */',
        'export interface Foo {',
        '  // Size of it.',
        '  // +kubebuilder:validation:Minimum=1',
        '  size: number; // trailing note',
        '  other: string;',
        '}',
        '// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get',
      ].join('\n'),
    );
    const fm = collectFileMarkers(sf, registry);
    expect(fm.diagnostics).toEqual([]);
    expect(fm.packageMarkers.map((m) => m.def.name)).toEqual([
      'groupName',
      'kubebuilder:validation:Optional',
      'kubebuilder:rbac',
    ]);
    const foo = sf.getInterfaceOrThrow('Foo');
    expect(fm.byDecl.get(foo.getStart())?.markers.map((m) => m.def.name)).toEqual([
      'kubebuilder:object:root',
      'kubebuilder:subresource:status',
    ]);
    expect(fm.byDecl.get(foo.getStart())?.doc).toEqual(['Foo is a foo.']);
    const size = foo.getPropertyOrThrow('size');
    expect(fm.byDecl.get(size.getStart())?.markers[0]?.loc).toEqual({ file: '/a/types.ts', line: 11, column: 6 });
    expect(fm.byDecl.get(foo.getPropertyOrThrow('other').getStart())).toBeUndefined();
  });
});

describe('fileComments', () => {
  const comments = (text: string): string[] => {
    const sf = new Project({ useInMemoryFileSystem: true }).createSourceFile('/c.ts', text);
    return fileComments(sf.compilerNode).map((c) => text.slice(c.pos, c.end));
  };
  it('finds the comments the compiler sees, and nothing inside literals', () => {
    const text = [
      'const a = `x${1}y` + `${`${2}`}`; // after template',
      'const b = \'// not a comment\' + "/* nor this */";',
      'const c = /[`\'"]\\/\\/ not/g; /* after regex */',
      'const d = `/* in template ${/* in span */ 3} */`;',
      'function f(): void { return /* between keyword and semicolon */; }',
      'for (/* empty init */;;) break;',
      '/** JSDoc */',
      'export interface X { a?: string /* before brace */ }',
      '// at the end',
    ].join('\n');
    expect(comments(text)).toEqual([
      '// after template',
      '/* after regex */',
      '/* in span */',
      '/* between keyword and semicolon */',
      '/* empty init */',
      '/** JSDoc */',
      '/* before brace */',
      '// at the end',
    ]);
  });
});
