import type { LocatedMarker } from '../../markers/collect.js';
import type { ArgSpec, MarkerTarget } from '../../markers/definition.js';
import type { ArgType } from '../../markers/parse-value.js';
import type { JSONSchemaProps } from '../json-schema.js';
import { re2SyntaxError } from '../pattern.js';
import {
  applies,
  isNumeric,
  isObject,
  isStringish,
  pushValidation,
  schemaMarker,
  typeName,
  type MarkerProblem,
  type SchemaMarker,
  type SchemaNode,
} from './schema-marker.js';

// The +kubebuilder:validation: markers, as controller-tools defines them in pkg/crd/markers/validation.go:
// each applies to the field or type it stands on, and its items: twin to the items of an array.

const P = 'kubebuilder:validation:';
const TF: readonly MarkerTarget[] = ['type', 'field'];

/** Apply is the behaviour of one validation marker on a schema node. */
type Apply = (node: SchemaNode, value: unknown, marker: LocatedMarker) => MarkerProblem | undefined;

const NUMBERS = 'use it on an int32, int64 or float64 field';
const STRINGS = 'use it on a string field (or add XIntOrString)';

/** bound sets a numeric keyword of a number field; an integer field takes whole numbers only. */
function numberBound(short: string, key: 'maximum' | 'minimum' | 'multipleOf'): Apply {
  return ({ schema: s }, value) => {
    const err = applies(isNumeric(s), short, 'numbers', s, NUMBERS);
    if (err !== undefined) return err;
    if (s.type === 'integer' && !Number.isInteger(value))
      return [`${short}=${value as number} is not an integer but the field is an integer`, 'use a whole number'];
    s[key] = value;
    return undefined;
  };
}

/** keyword sets a keyword of the node when the node is of the kind the marker applies to. */
function keyword(
  short: string,
  key: string,
  ok: (s: JSONSchemaProps) => boolean,
  what: string,
  hint: (s: JSONSchemaProps) => string,
): Apply {
  return ({ schema: s }, value) => applies(ok(s), short, what, s, hint(s)) ?? void (s[key] = value);
}

function always(key: string, value?: unknown): Apply {
  return ({ schema: s }, v) => void (s[key] = value ?? v);
}

const pattern: Apply = ({ schema: s }, value) => {
  const err = applies(isStringish(s), 'Pattern', 'strings', s, STRINGS);
  if (err !== undefined) return err;
  const problem = re2SyntaxError(value as string);
  if (problem !== undefined) {
    return [
      `Pattern ${JSON.stringify(value)} is not a regular expression the API server accepts (Go RE2 syntax): ${problem}`,
      'fix the regex (RE2 has no lookaround or back-references); write it back-quoted: Pattern=`^[a-z]+$`',
    ];
  }
  s.pattern = value;
  return undefined;
};

const uniqueItems: Apply = ({ schema: s }, value) => {
  if (value === true)
    return [
      'UniqueItems=true is rejected by the apiserver (structural schemas forbid uniqueItems)',
      'use +listType=set for a list of unique scalars, or +listType=map with +listMapKey',
    ];
  return applies(s.type === 'array', 'UniqueItems', 'arrays', s, 'use it on an array field');
};

const type: Apply = ({ schema: s }, value) => {
  if (!['string', 'integer', 'number', 'boolean', 'object', 'array'].includes(value as string))
    return [`Type=${String(value)} is not an OpenAPI type`, 'use string, integer, number, boolean, object or array'];
  s.type = value as string;
  return undefined;
};

/** fieldPathProblem tells why the apiserver would reject an XValidation fieldPath on this node (only the first step is checked). */
function fieldPathProblem(s: JSONSchemaProps, fieldPath: unknown): string | undefined {
  if (fieldPath === undefined) return undefined;
  const m = /^\.([A-Za-z_][A-Za-z0-9_]*)/.exec(String(fieldPath));
  if (m === null) return undefined;
  if (s.type !== 'object')
    return `XValidation fieldPath ${String(fieldPath)} points into a ${typeName(s)}, which has no fields`;
  if (
    s.properties !== undefined &&
    s.properties[m[1] as string] === undefined &&
    s.additionalProperties === undefined
  ) {
    return `XValidation fieldPath ${String(fieldPath)} names no field of this type`;
  }
  return undefined;
}

const xValidation: Apply = ({ schema: s }, value) => {
  const v = value as Record<string, unknown>;
  const bad = fieldPathProblem(s, v.fieldPath);
  if (bad !== undefined)
    return [
      bad,
      'fieldPath is relative to the node the rule stands on: put the rule on the enclosing type and name one of its fields (fieldPath=".name")',
    ];
  const rule: Record<string, unknown> = { rule: v.rule };
  for (const k of ['message', 'messageExpression', 'reason', 'fieldPath', 'optionalOldSelf'])
    if (v[k] !== undefined) rule[k] = v[k];
  pushValidation(s, rule);
  return undefined;
};

/** oneOf adds the CEL rule of ExactlyOneOf, AtMostOneOf or AtLeastOneOf over optional fields of the type. */
function oneOf(kind: 'ExactlyOneOf' | 'AtMostOneOf' | 'AtLeastOneOf'): Apply {
  const hint = 'list the JSON names of optional fields declared directly in this type';
  return ({ schema: s }, value) => {
    const fields = value as string[];
    if (!isObject(s)) return [`${kind} applies to object types, not ${typeName(s)}`, hint];
    for (const f of fields) {
      if (f.includes('.')) return [`${kind} lists ${f}: only direct fields of the type may be listed`, hint];
      if (s.properties?.[f] === undefined) return [`${kind} lists ${f}, which is not a field of this type`, hint];
      if (s.required?.includes(f)) return [`${kind} lists ${f}, which is required`, hint];
    }
    const list = `[${fields.join(' ')}]`;
    if (kind === 'AtLeastOneOf') {
      pushValidation(s, {
        message: `at least one of the fields in ${list} must be set`,
        rule: fields.map((f) => `has(self.${f})`).join('||'),
      });
      return undefined;
    }
    // Spelled exactly as controller-gen spells it, so CRDs diff cleanly when a project migrates.
    const sum = fields.map((f) => `(has(self.${f})?1:0)`).join('+');
    if (kind === 'ExactlyOneOf')
      pushValidation(s, { message: `exactly one of the fields in ${list} must be set`, rule: `${sum} == 1` });
    else pushValidation(s, { message: `at most one of the fields in ${list} may be set`, rule: `${sum} <= 1` });
    return undefined;
  };
}

/** itemsOf applies a validation to the items of the array the marker stands on, as `+kubebuilder:validation:items:<Name>`. */
function itemsOf(apply: Apply): Apply {
  return (node, value, marker) => {
    const s = node.schema;
    if (s.type !== 'array' || s.items === undefined)
      return [`${marker.text} applies to arrays, not ${typeName(s)}`, 'drop "items:" to apply it to the field itself'];
    const items: SchemaNode = { schema: { ...s.items } };
    const err = apply(items, value, marker);
    if (err !== undefined) return [`${err[0]} (array items)`, err[1]];
    node.schema = { ...s, items: items.schema };
    return undefined;
  };
}

interface Validation {
  readonly name: string;
  readonly value?: ArgType;
  readonly args?: readonly ArgSpec[];
  readonly help: string;
  readonly example: string;
  readonly priority?: number;
  readonly apply: Apply;
  readonly allowsUnknown?: boolean;
}

const VALIDATIONS: readonly Validation[] = [
  {
    name: 'Maximum',
    value: 'number',
    help: 'Maximum value of a numeric field (inclusive).',
    example: '=100',
    apply: numberBound('Maximum', 'maximum'),
  },
  {
    name: 'Minimum',
    value: 'number',
    help: 'Minimum value of a numeric field (inclusive).',
    example: '=1',
    apply: numberBound('Minimum', 'minimum'),
  },
  {
    name: 'ExclusiveMaximum',
    value: 'bool',
    help: 'Makes Maximum exclusive.',
    example: '=true',
    apply: keyword('ExclusiveMaximum', 'exclusiveMaximum', isNumeric, 'numbers', () => NUMBERS),
  },
  {
    name: 'ExclusiveMinimum',
    value: 'bool',
    help: 'Makes Minimum exclusive.',
    example: '=true',
    apply: keyword('ExclusiveMinimum', 'exclusiveMinimum', isNumeric, 'numbers', () => NUMBERS),
  },
  {
    name: 'MultipleOf',
    value: 'number',
    help: 'Value must be a multiple of this number.',
    example: '=5',
    apply: numberBound('MultipleOf', 'multipleOf'),
  },
  {
    name: 'MaxLength',
    value: 'int',
    help: 'Maximum length of a string.',
    example: '=63',
    apply: keyword('MaxLength', 'maxLength', isStringish, 'strings', () => STRINGS),
  },
  {
    name: 'MinLength',
    value: 'int',
    help: 'Minimum length of a string.',
    example: '=1',
    apply: keyword('MinLength', 'minLength', isStringish, 'strings', () => STRINGS),
  },
  {
    name: 'Pattern',
    value: 'string',
    help: 'Regular expression a string must match (back-quote it).',
    example: '=`^[a-z]+$`',
    apply: pattern,
  },
  {
    name: 'MaxItems',
    value: 'int',
    help: 'Maximum number of array items.',
    example: '=10',
    apply: keyword('MaxItems', 'maxItems', (s) => s.type === 'array', 'arrays', arrayHint),
  },
  {
    name: 'MinItems',
    value: 'int',
    help: 'Minimum number of array items.',
    example: '=1',
    apply: keyword('MinItems', 'minItems', (s) => s.type === 'array', 'arrays', arrayHint),
  },
  {
    name: 'UniqueItems',
    value: 'bool',
    help: 'Rejected: structural schemas forbid uniqueItems; use +listType=set.',
    example: '=false',
    apply: uniqueItems,
  },
  {
    name: 'MaxProperties',
    value: 'int',
    help: 'Maximum number of object properties.',
    example: '=5',
    apply: keyword(
      'MaxProperties',
      'maxProperties',
      isObject,
      'objects and maps',
      () => 'use MinItems/MaxItems on arrays',
    ),
  },
  {
    name: 'MinProperties',
    value: 'int',
    help: 'Minimum number of object properties.',
    example: '=1',
    apply: keyword(
      'MinProperties',
      'minProperties',
      isObject,
      'objects and maps',
      () => 'use MinItems/MaxItems on arrays',
    ),
  },
  {
    name: 'Enum',
    value: 'anyList',
    help: 'Allowed values, `;`-separated (JSON-typed items).',
    example: '=Always;Never;OnFailure',
    apply: always('enum'),
  },
  { name: 'Format', value: 'string', help: 'OpenAPI format of the value.', example: '=uri', apply: always('format') },
  {
    name: 'Type',
    value: 'string',
    help: 'Overrides the OpenAPI type (applied first).',
    example: '=string',
    priority: 9,
    apply: type,
  },
  {
    name: 'XPreserveUnknownFields',
    help: 'Deprecated spelling of +kubebuilder:pruning:PreserveUnknownFields.',
    example: '',
    apply: always('x-kubernetes-preserve-unknown-fields', true),
    allowsUnknown: true,
  },
  {
    name: 'XEmbeddedResource',
    help: 'Marks an embedded Kubernetes object (apiVersion, kind, metadata).',
    example: '',
    apply: always('x-kubernetes-embedded-resource', true),
  },
  {
    name: 'XIntOrString',
    help: 'Marks a value that may be an integer or a string (applied first).',
    example: '',
    priority: 9,
    apply: always('x-kubernetes-int-or-string', true),
  },
  {
    name: 'XValidation',
    args: [
      { name: 'rule', type: 'string' },
      { name: 'message', type: 'string', optional: true },
      { name: 'messageExpression', type: 'string', optional: true },
      {
        name: 'reason',
        type: 'string',
        optional: true,
        oneOf: ['FieldValueInvalid', 'FieldValueForbidden', 'FieldValueRequired', 'FieldValueDuplicate'],
      },
      { name: 'fieldPath', type: 'string', optional: true },
      { name: 'optionalOldSelf', type: 'bool', optional: true },
    ],
    help: 'CEL validation rule (x-kubernetes-validations); repeatable. On a type it validates the whole object.',
    example: ':rule="self.min <= self.max",message="min must not exceed max"',
    apply: xValidation,
  },
];

function arrayHint(s: JSONSchemaProps): string {
  return s.type === 'object' ? 'use MinProperties/MaxProperties on maps and objects' : 'use it on an array field';
}

/** validationApply is the behaviour of `+kubebuilder:validation:<name>`, which its declarative spellings (+k8s:minimum) share. */
export function validationApply(name: string): Apply {
  const found = VALIDATIONS.find((v) => v.name === name);
  if (found === undefined) throw new Error(`no validation marker ${name}`);
  return found.apply;
}

/** VALIDATION_MARKERS are `+kubebuilder:validation:<Name>` and `+kubebuilder:validation:items:<Name>` of every validation, in pairs. */
export const VALIDATION_MARKERS: readonly SchemaMarker[] = VALIDATIONS.flatMap((v) => [
  schemaMarker({
    name: P + v.name,
    targets: TF,
    priority: v.priority,
    help: v.help,
    example: `+${P}${v.name}${v.example}`,
    value: v.value,
    args: v.args,
    applyToSchema: v.apply,
    ...(v.allowsUnknown === true ? { allowsUnknown: true } : {}),
  }),
  schemaMarker({
    name: `${P}items:${v.name}`,
    targets: TF,
    priority: 20,
    help: `${v.help} Applies to the items of an array.`,
    example: `+${P}items:${v.name}${v.example}`,
    value: v.value,
    args: v.args,
    applyToSchema: itemsOf(v.apply),
  }),
]);

/** ONE_OF_MARKERS require exactly, at most or at least one of a type's optional fields (CEL rules). */
export const ONE_OF_MARKERS: readonly SchemaMarker[] = [
  schemaMarker({
    name: `${P}ExactlyOneOf`,
    targets: ['type'],
    value: 'stringList',
    priority: 12,
    help: 'Exactly one of the listed optional fields must be set.',
    example: `+${P}ExactlyOneOf=a;b`,
    applyToSchema: oneOf('ExactlyOneOf'),
  }),
  schemaMarker({
    name: `${P}AtMostOneOf`,
    targets: ['type'],
    value: 'stringList',
    priority: 11,
    help: 'At most one of the listed optional fields may be set.',
    example: `+${P}AtMostOneOf=a;b`,
    applyToSchema: oneOf('AtMostOneOf'),
  }),
  schemaMarker({
    name: `${P}AtLeastOneOf`,
    targets: ['type'],
    value: 'stringList',
    priority: 13,
    help: 'At least one of the listed fields must be set.',
    example: `+${P}AtLeastOneOf=a;b`,
    applyToSchema: oneOf('AtLeastOneOf'),
  }),
];
