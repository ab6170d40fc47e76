// Sample objects for the golden CRDs of src/schema/testdata, one table entry per validation: the spec
// (or the update applied to a valid object) and the fragment the kube-apiserver's error must contain.

/** Spec is the `spec` of a sample object. */
export type Spec = Record<string, unknown>;

/** Violation is one invalid sample and the message fragment the apiserver must answer with. */
export interface Violation {
  /** What is violated (test name). */
  name: string;
  /** Spec to create; with `update`, the spec the object is created with first (must be valid). */
  spec: Spec;
  /** For transition rules (immutable, ratcheting): the spec sent as an update of the created object. */
  update?: Spec;
  /** Fragment of the apiserver's error message. */
  expect: string;
}

/** CaseSamples are the samples of one golden case (its first CRD unless `kind` says otherwise). */
export interface CaseSamples {
  case: string;
  kind?: string;
  /** A spec the apiserver must accept. */
  valid: Spec;
  /** Fields the apiserver must have defaulted in the stored object of `valid`. */
  defaulted?: Spec;
  violations: Violation[];
}

const long = (n: number): string => 'a'.repeat(n);

/** SAMPLES lists the samples per validation case. */
export const SAMPLES: readonly CaseSamples[] = [
  {
    case: 'validation-numeric',
    // ratio 1.25, not 1: the apiserver compares an integral JSON number with a float bound as integers.
    valid: { replicas: 4, ratio: 1.25, offset: -5 },
    violations: [
      { name: 'maximum', spec: { replicas: 12 }, expect: 'should be less than or equal to 10' },
      { name: 'minimum', spec: { replicas: -2 }, expect: 'should be greater than or equal to 0' },
      { name: 'multipleOf', spec: { replicas: 3 }, expect: 'should be a multiple of 2' },
      { name: 'exclusiveMinimum', spec: { ratio: 0.5 }, expect: 'should be greater than 0.5' },
      { name: 'exclusiveMaximum', spec: { ratio: 1.5 }, expect: 'should be less than 1.5' },
      { name: 'negative minimum', spec: { offset: -6 }, expect: 'should be greater than or equal to -5' },
      { name: 'integer type', spec: { replicas: 'two' }, expect: 'must be of type integer' },
    ],
  },
  {
    case: 'validation-string',
    valid: { name: 'web-1', url: 'https://example.com/x', version: 'v2' },
    violations: [
      { name: 'minLength', spec: { name: 'ab' }, expect: 'should be at least 3 chars long' },
      { name: 'maxLength', spec: { name: long(21) }, expect: 'Too long: may not be more than 20' },
      { name: 'pattern', spec: { name: 'Web' }, expect: 'should match' },
      { name: 'quoted pattern', spec: { version: '2' }, expect: "should match '^v[0-9]+$'" },
    ],
  },
  {
    case: 'validation-array',
    valid: { tags: ['ab', 'cd'], ports: [80, 443] },
    violations: [
      { name: 'minItems', spec: { tags: [] }, expect: 'should have at least 1 items' },
      { name: 'maxItems', spec: { tags: ['aa', 'bb', 'cc', 'dd', 'ee', 'ff'] }, expect: 'must have at most 5 items' },
      { name: 'items minLength', spec: { tags: ['a'] }, expect: 'should be at least 2 chars long' },
      { name: 'items maxLength', spec: { tags: [long(11)] }, expect: 'may not be more than 10' },
      { name: 'items pattern', spec: { tags: ['AB'] }, expect: 'should match' },
      { name: 'items enum', spec: { ports: [22] }, expect: 'Unsupported value: 22' },
    ],
  },
  {
    case: 'validation-object',
    valid: { labels: { a: 'b' }, limits: { cpu: '1' } },
    violations: [
      { name: 'minProperties (map)', spec: { labels: {} }, expect: 'should have at least 1 properties' },
      {
        name: 'maxProperties (type)',
        spec: { limits: { cpu: '1', memory: '1Gi', disk: '1Gi' } },
        expect: 'Too many: 3: must have at most 2 items',
      },
      { name: 'minProperties (type)', spec: { limits: {} }, expect: 'should have at least 1 properties' },
    ],
  },
  {
    case: 'enum-marker',
    valid: { color: 'red', size: 2, protocol: 'TCP' },
    violations: [
      { name: 'string enum', spec: { color: 'pink' }, expect: 'Unsupported value: "pink"' },
      { name: 'integer enum', spec: { size: 3 }, expect: 'Unsupported value: 3' },
      { name: 'enum on a named type', spec: { protocol: 'ICMP' }, expect: 'Unsupported value: "ICMP"' },
    ],
  },
  {
    case: 'literal-union-enum',
    valid: { mode: 'cluster', level: 2, policy: 'Never', single: 'only' },
    violations: [
      { name: 'literal union', spec: { mode: 'mesh' }, expect: 'Unsupported value: "mesh"' },
      { name: 'number literal union', spec: { mode: 'cluster', level: 4 }, expect: 'Unsupported value: 4' },
      { name: 'required literal union', spec: { level: 1 }, expect: 'spec.mode: Required value' },
    ],
  },
  {
    case: 'string-enum',
    valid: { phase: 'Running' },
    violations: [{ name: 'TypeScript enum', spec: { phase: 'Stopped' }, expect: 'Unsupported value: "Stopped"' }],
  },
  {
    case: 'k8s-enum',
    valid: { tier: 'gold' },
    violations: [{ name: '+k8s:enum', spec: { tier: 'bronze' }, expect: 'Unsupported value: "bronze"' }],
  },
  {
    case: 'pattern-special-characters',
    valid: { email: 'a@b.io', odd: 'c;d' },
    violations: [
      { name: 'pattern with escapes', spec: { email: 'a b@c.io' }, expect: 'should match' },
      { name: 'enum with separators', spec: { odd: 'a' }, expect: 'Unsupported value: "a"' },
    ],
  },
  {
    // RE2 syntax JavaScript reads otherwise: the apiserver compiles and applies these patterns.
    case: 'pattern-re2',
    valid: { word: 'hello', url: 'https://example.com/a(b1)', letters: 'ABCdéf' },
    violations: [
      { name: 'POSIX class in a class', spec: { word: 'he,llo' }, expect: 'spec.word in body should match' },
      { name: 'cronjob fixture pattern', spec: { url: 'ftp://example.com' }, expect: 'spec.url in body should match' },
      { name: 'Unicode class and \\z', spec: { letters: 'abc1' }, expect: 'spec.letters in body should match' },
    ],
  },
  {
    case: 'k8s-required',
    valid: {
      s: 'x',
      l: ['a'],
      m: { a: 'b' },
      o: { a: 'x' },
      n: 'n',
      i: 0,
      s3: 'abc',
      b: 'aGk=',
      bo: false,
      ph: 'A',
      cond: [
        { type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z', reason: 'Done', message: '' },
      ],
      t: '2026-01-01T00:00:00Z',
      mt: '2026-01-01T00:00:00.000001Z',
      du: '1h',
      q: '1Gi',
      is: 80,
      j: 'x',
      r: { a: 1 },
    },
    violations: [
      { name: 'empty string', spec: { s: '' }, expect: 'spec.s in body should be at least 1 chars long' },
      { name: 'empty list', spec: { l: [] }, expect: 'spec.l in body should have at least 1 items' },
      { name: 'empty map', spec: { m: {} }, expect: 'spec.m in body should have at least 1 properties' },
      { name: 'required', spec: {}, expect: 'spec.s: Required value' },
    ],
  },
  {
    case: 'named-type-markers',
    valid: { name: 'web', tighter: 'abc', hosts: ['example.com'] },
    violations: [
      { name: 'type minLength', spec: { name: '' }, expect: 'should be at least 1 chars long' },
      { name: 'type pattern', spec: { name: 'Web' }, expect: 'should match' },
      { name: 'field tightens type (allOf)', spec: { tighter: 'abcdef' }, expect: 'may not be more than 5' },
      { name: 'type minItems', spec: { hosts: [] }, expect: 'should have at least 1 items' },
      { name: 'type items maxLength', spec: { hosts: [long(254)] }, expect: 'may not be more than 253' },
    ],
  },
  {
    case: 'xvalidation',
    valid: { min: 1, max: 2, name: 'abc', ratchet: 5 },
    violations: [
      { name: 'field rule with message', spec: { min: -1 }, expect: 'min must not be negative' },
      { name: 'type rule with message', spec: { min: 5, max: 3 }, expect: 'min must not exceed max' },
      { name: 'messageExpression', spec: { name: 'bob' }, expect: 'name must start with a, got bob' },
      { name: 'reason FieldValueForbidden', spec: { name: 'abcdefghijk' }, expect: 'Forbidden' },
      {
        name: 'optionalOldSelf transition rule',
        spec: { ratchet: 5 },
        update: { ratchet: 3 },
        expect: 'cannot decrease',
      },
    ],
  },
  {
    case: 'type-level-xvalidation-alias',
    valid: { range: { from: 1, to: 5 } },
    violations: [
      { name: 'rule on a named type', spec: { range: { from: 5, to: 1 } }, expect: 'from must not exceed to' },
    ],
  },
  {
    case: 'oneof',
    valid: { a: 'x' },
    violations: [
      { name: 'ExactlyOneOf', spec: { a: 'x', b: 'y' }, expect: 'exactly one of the fields in [a b] must be set' },
      {
        name: 'AtMostOneOf',
        spec: { a: 'x', c: 'y', d: 'z' },
        expect: 'at most one of the fields in [c d] may be set',
      },
      { name: 'AtLeastOneOf', spec: { b: 'x' }, expect: 'at least one of the fields in [a c] must be set' },
    ],
  },
  {
    case: 'raw-schema',
    valid: { a: 'x', ports: [8080], match: { host: 'h' }, mode: 'aa/b' },
    violations: [
      {
        name: 'oneOf from +operator-ts:schema',
        spec: { a: 'x', b: 'y' },
        expect: 'must validate one and only one schema (oneOf)',
      },
      {
        name: 'anyOf from +operator-ts:schema',
        spec: { a: 'x', match: { other: 1 } },
        expect: 'must validate at least one schema (anyOf)',
      },
      {
        name: 'escape hatch applied after MaxLength',
        spec: { a: 'x', mode: 'aaaa/b' },
        expect: 'Too long: may not be more than 5',
      },
    ],
  },
  {
    case: 'immutable',
    valid: { id: 'a', zone: 'z' },
    violations: [
      { name: 'immutable field', spec: { id: 'a' }, update: { id: 'b' }, expect: 'field is immutable' },
      {
        name: 'immutable once set',
        spec: { id: 'a', zone: 'z' },
        update: { id: 'a' },
        expect: 'field zone is immutable once set',
      },
    ],
  },
  {
    case: 'required-optional-markers',
    valid: { plain: 'p', b: 'b', d: 'd', f: 'f' },
    violations: [
      { name: 'required (no ?)', spec: { b: 'b', d: 'd', f: 'f' }, expect: 'spec.plain: Required value' },
      { name: '+required', spec: { plain: 'p', d: 'd', f: 'f' }, expect: 'spec.b: Required value' },
      {
        name: '+kubebuilder:validation:Required',
        spec: { plain: 'p', b: 'b', f: 'f' },
        expect: 'spec.d: Required value',
      },
      {
        name: '+k8s:required means non-empty',
        spec: { plain: 'p', b: 'b', d: 'd', f: '' },
        expect: 'should be at least 1 chars long',
      },
    ],
  },
  {
    case: 'primitives',
    valid: { name: 'n', enabled: true, count: 1, big: 9007199254740991, ratio: 0.25 },
    violations: [
      { name: 'string type', spec: { name: 1, enabled: true, count: 1, big: 1 }, expect: 'must be of type string' },
      {
        name: 'boolean type',
        spec: { name: 'n', enabled: 'yes', count: 1, big: 1 },
        expect: 'must be of type boolean',
      },
      {
        name: 'integer type',
        spec: { name: 'n', enabled: true, count: 1.5, big: 1 },
        expect: 'must be of type integer',
      },
      { name: 'non-nullable null', spec: { name: null, enabled: true, count: 1, big: 1 }, expect: 'spec.name' },
    ],
  },
  {
    case: 'int-or-string',
    valid: { memory: '512Mi', port: 'http', limits: { cpu: 2 } },
    violations: [
      { name: 'quantity pattern', spec: { memory: 'lots' }, expect: 'should match' },
      { name: 'int-or-string type', spec: { port: true }, expect: 'must be of type' },
      { name: 'quantity in a map', spec: { limits: { cpu: '2 cores' } }, expect: 'should match' },
    ],
  },
  {
    case: 'xintorstring',
    valid: { port: 8080, percents: [10, '50%'] },
    violations: [
      { name: 'int-or-string pattern', spec: { port: 'HTTP' }, expect: 'should match' },
      { name: 'int-or-string maxLength', spec: { port: 'a-very-long-port-name' }, expect: 'may not be more than 15' },
      { name: 'items int-or-string pattern', spec: { percents: ['half'] }, expect: 'should match' },
    ],
  },
  {
    case: 'nullable',
    valid: { name: null, count: null, marked: null, child: null },
    violations: [{ name: 'nullable keeps the type', spec: { count: 'many' }, expect: 'must be of type integer' }],
  },
  {
    case: 'topology',
    valid: {
      servers: [
        { name: 'a', port: 1 },
        { name: 'a', port: 2 },
      ],
      tags: ['x', 'y'],
      byName: [{ name: 'a', port: 1 }],
      ref: { name: 'r' },
    },
    violations: [
      {
        name: 'listType=map duplicate keys',
        spec: {
          servers: [
            { name: 'a', port: 1 },
            { name: 'a', port: 1 },
          ],
        },
        expect: 'Duplicate value',
      },
      { name: 'listType=set duplicates', spec: { tags: ['x', 'x'] }, expect: 'Duplicate value' },
      {
        name: 'listType=map on a named list type',
        spec: {
          list: [
            { name: 'a', port: 1 },
            { name: 'a', port: 2 },
          ],
        },
        expect: 'Duplicate value',
      },
      { name: 'map key is required', spec: { byName: [{ port: 1 }] }, expect: 'Required value' },
    ],
  },
  {
    case: 'time-types',
    valid: {
      started: '2026-01-02T03:04:05Z',
      micro: '2026-01-02T03:04:05.123456Z',
      date: '2026-01-02T03:04:05Z',
      timeout: '5m',
    },
    violations: [
      { name: 'format date-time (Time)', spec: { started: 'yesterday' }, expect: 'must be of type date-time' },
      { name: 'format date-time (Date)', spec: { date: '2026-13-45' }, expect: 'must be of type date-time' },
    ],
  },
  {
    case: 'bytes',
    valid: { data: 'aGVsbG8=', files: { a: 'aGk=' } },
    violations: [{ name: 'format byte', spec: { data: 'not base64!' }, expect: 'must be of type byte' }],
  },
  {
    case: 'defaults',
    valid: {},
    defaulted: {
      image: 'nginx:1.27',
      replicas: 3,
      args: ['--verbose', '--color'],
      empty: [],
      labels: { app: 'web', tier: 'front' },
      policy: 'Always',
      both: 2,
      enabled: true,
    },
    violations: [
      { name: 'defaulted field keeps its type', spec: { replicas: 'three' }, expect: 'must be of type integer' },
    ],
  },
  {
    case: 'preserve-unknown-embedded',
    valid: {
      config: { any: ['thing', 1] },
      legacy: { x: { y: 1 } },
      template: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { a: 'b' } },
      settings: { free: true },
    },
    violations: [
      {
        name: 'embedded resource needs kind',
        spec: { template: { apiVersion: 'v1', metadata: { name: 'x' } } },
        expect: 'kind: Required value',
      },
      {
        name: 'embedded resource needs apiVersion (X spelling)',
        spec: { resource: { kind: 'ConfigMap', metadata: { name: 'x' } } },
        expect: 'apiVersion: Required value',
      },
    ],
  },
  {
    case: 'status-conditions-required-spec',
    valid: { x: 'y' },
    violations: [{ name: 'required spec field', spec: {}, expect: 'spec.x: Required value' }],
  },
  {
    case: 'arrays',
    valid: { a: ['x'], b: [1], nested: [['a']], items: [{ key: 'k' }] },
    violations: [
      { name: 'required array', spec: { b: [1] }, expect: 'spec.a: Required value' },
      { name: 'required field in items', spec: { a: [], items: [{}] }, expect: 'spec.items[0].key: Required value' },
      { name: 'nested array item type', spec: { a: [], nested: [[1]] }, expect: 'must be of type string' },
    ],
  },
  {
    case: 'maps',
    valid: { labels: { a: 'b' }, counts: { a: 1 }, nested: { a: { b: 'c' } } },
    violations: [{ name: 'map value type', spec: { counts: { a: 'x' } }, expect: 'must be of type integer' }],
  },
  {
    case: 'folder-optional',
    valid: { forced: 'f' },
    violations: [
      { name: 'Required in an Optional folder', spec: { name: 'n' }, expect: 'spec.forced: Required value' },
    ],
  },
  {
    case: 'type-and-schemaless',
    valid: { flexible: 'text', stamp: 12 },
    violations: [
      { name: 'Type on Schemaless', spec: { flexible: 1 }, expect: 'must be of type string' },
      { name: 'Type override', spec: { stamp: 'twelve' }, expect: 'must be of type integer' },
    ],
  },
  {
    case: 'client-node-models',
    valid: {
      secretRef: { name: 's' },
      ports: [{ port: 80 }, { port: 80, protocol: 'UDP' }],
      resources: { limits: { cpu: '1' } },
    },
    violations: [
      {
        name: 'required field of client-node ServicePort',
        spec: { ports: [{ name: 'http' }] },
        expect: 'spec.ports[0].port: Required value',
      },
      {
        name: 'quantity of client-node ResourceRequirements',
        spec: { resources: { limits: { cpu: 'one' } } },
        expect: 'should match',
      },
    ],
  },
  {
    case: 'pod-template',
    valid: { template: { spec: { containers: [{ name: 'c', image: 'nginx', env: [{ name: 'A', value: '1' }] }] } } },
    violations: [
      { name: 'containers are required', spec: { template: { spec: {} } }, expect: 'containers: Required value' },
      {
        name: 'container env listType=map',
        spec: { template: { spec: { containers: [{ name: 'c', env: [{ name: 'A' }, { name: 'A' }] }] } } },
        expect: 'Duplicate value',
      },
      {
        name: 'containers listType=map',
        spec: { template: { spec: { containers: [{ name: 'c' }, { name: 'c' }] } } },
        expect: 'Duplicate value',
      },
    ],
  },
  // Twins of controller-tools' fixtures, with the checks of controller-tools' own envtest suite (Enum CRD).
  {
    case: 'ctrl-enum',
    valid: { field: 'Value2' },
    violations: [
      {
        name: '+k8s:enum type of controller-tools',
        spec: { field: 'Invalid' },
        expect: 'Unsupported value: "Invalid"',
      },
    ],
  },
  {
    case: 'ctrl-oneof',
    valid: {
      firstTypeWithExactOneof: { foo: 'a' },
      typeWithAllOneOf: { a: 'a', c: 'c', e: 'e' },
      firstCustomTypeAlias: 100,
    },
    violations: [
      {
        name: 'ExactlyOneOf of controller-tools',
        spec: { firstTypeWithExactOneof: { foo: 'a', bar: 'b' } },
        expect: 'exactly one of the fields in [foo bar] must be set',
      },
      {
        name: 'AtLeastOneOf of controller-tools',
        spec: { typeWithMultipleAtLeastOneOf: { a: 'a' } },
        expect: 'at least one of the fields in [c d] must be set',
      },
      {
        name: 'XValidation on a type alias of controller-tools',
        spec: { secondCustomTypeAlias: 7 },
        expect: 'invalid CustomTypeAlias value',
      },
    ],
  },
  {
    case: 'ctrl-immutable',
    valid: {
      requiredString: 'a',
      requiredStruct: { key: 'k', value: 'v' },
      requiredSlice: ['a'],
      requiredMap: { a: 'b' },
      mutableString: 'm',
      optionalString: 'o',
    },
    violations: [
      {
        name: 'immutable field of controller-tools',
        spec: {
          requiredString: 'a',
          requiredStruct: { key: 'k', value: 'v' },
          requiredSlice: ['a'],
          requiredMap: { a: 'b' },
          mutableString: 'm',
        },
        update: {
          requiredString: 'b',
          requiredStruct: { key: 'k', value: 'v' },
          requiredSlice: ['a'],
          requiredMap: { a: 'b' },
          mutableString: 'n',
        },
        expect: 'field is immutable',
      },
      {
        name: 'immutable once set of controller-tools',
        spec: {
          requiredString: 'a',
          requiredStruct: { key: 'k', value: 'v' },
          requiredSlice: ['a'],
          requiredMap: { a: 'b' },
          mutableString: 'm',
          optionalString: 'o',
        },
        update: {
          requiredString: 'a',
          requiredStruct: { key: 'k', value: 'v' },
          requiredSlice: ['a'],
          requiredMap: { a: 'b' },
          mutableString: 'm',
        },
        expect: 'field optionalString is immutable once set',
      },
    ],
  },
];
