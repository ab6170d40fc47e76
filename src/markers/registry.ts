import type { ArgType } from './parse-value.js';

/** MarkerTarget is where a marker may stand: in a folder (package), on a type, or on a field. */
export type MarkerTarget = 'package' | 'type' | 'field';

/** ArgSpec describes one named argument of a marker. */
export interface ArgSpec {
  name: string;
  type: ArgType;
  optional?: boolean;
  /** Allowed values (compared case-sensitively unless `caseInsensitive`). */
  oneOf?: readonly string[];
  caseInsensitive?: boolean;
}

/** MarkerDefinition is one entry of the marker registry: the single source for parsing, checks and docs. */
export interface MarkerDefinition {
  /** Name without the leading `+`, e.g. `kubebuilder:validation:Minimum`. */
  name: string;
  targets: readonly MarkerTarget[];
  /** Type of the single anonymous value (`+name=value`); absent for flags and named-argument markers. */
  value?: ArgType;
  /** Allowed anonymous values. */
  valueOneOf?: readonly string[];
  /** Named arguments (`+name:arg=v,arg2=v`). */
  args?: readonly ArgSpec[];
  /** Application order on a schema node; lower runs first (controller-gen's priorities). */
  priority: number;
  help: string;
  example: string;
}

const P = 'kubebuilder:validation:';
const TF: readonly MarkerTarget[] = ['type', 'field'];

interface ValidationSpec {
  name: string;
  value?: ArgType;
  args?: readonly ArgSpec[];
  help: string;
  example: string;
  priority?: number;
  noItems?: boolean;
}

const VALIDATIONS: readonly ValidationSpec[] = [
  { name: 'Maximum', value: 'number', help: 'Maximum value of a numeric field (inclusive).', example: '=100' },
  { name: 'Minimum', value: 'number', help: 'Minimum value of a numeric field (inclusive).', example: '=1' },
  { name: 'ExclusiveMaximum', value: 'bool', help: 'Makes Maximum exclusive.', example: '=true' },
  { name: 'ExclusiveMinimum', value: 'bool', help: 'Makes Minimum exclusive.', example: '=true' },
  { name: 'MultipleOf', value: 'number', help: 'Value must be a multiple of this number.', example: '=5' },
  { name: 'MaxLength', value: 'int', help: 'Maximum length of a string.', example: '=63' },
  { name: 'MinLength', value: 'int', help: 'Minimum length of a string.', example: '=1' },
  { name: 'Pattern', value: 'string', help: 'Regular expression a string must match (back-quote it).', example: '=`^[a-z]+$`' },
  { name: 'MaxItems', value: 'int', help: 'Maximum number of array items.', example: '=10' },
  { name: 'MinItems', value: 'int', help: 'Minimum number of array items.', example: '=1' },
  { name: 'UniqueItems', value: 'bool', help: 'Rejected: structural schemas forbid uniqueItems; use +listType=set.', example: '=false' },
  { name: 'MaxProperties', value: 'int', help: 'Maximum number of object properties.', example: '=5' },
  { name: 'MinProperties', value: 'int', help: 'Minimum number of object properties.', example: '=1' },
  { name: 'Enum', value: 'anyList', help: 'Allowed values, `;`-separated (JSON-typed items).', example: '=Always;Never;OnFailure' },
  { name: 'Format', value: 'string', help: 'OpenAPI format of the value.', example: '=uri' },
  { name: 'Type', value: 'string', help: 'Overrides the OpenAPI type (applied first).', example: '=string', priority: 9 },
  { name: 'XPreserveUnknownFields', help: 'Deprecated spelling of +kubebuilder:pruning:PreserveUnknownFields.', example: '' },
  { name: 'XEmbeddedResource', help: 'Marks an embedded Kubernetes object (apiVersion, kind, metadata).', example: '' },
  { name: 'XIntOrString', help: 'Marks a value that may be an integer or a string (applied first).', example: '', priority: 9 },
  {
    name: 'XValidation',
    args: [
      { name: 'rule', type: 'string' },
      { name: 'message', type: 'string', optional: true },
      { name: 'messageExpression', type: 'string', optional: true },
      { name: 'reason', type: 'string', optional: true, oneOf: ['FieldValueInvalid', 'FieldValueForbidden', 'FieldValueRequired', 'FieldValueDuplicate'] },
      { name: 'fieldPath', type: 'string', optional: true },
      { name: 'optionalOldSelf', type: 'bool', optional: true },
    ],
    help: 'CEL validation rule (x-kubernetes-validations); repeatable. On a type it validates the whole object.',
    example: ':rule="self.min <= self.max",message="min must not exceed max"',
  },
];

function validationDefs(): MarkerDefinition[] {
  const out: MarkerDefinition[] = [];
  for (const v of VALIDATIONS) {
    const base = { value: v.value, args: v.args };
    out.push({ name: P + v.name, targets: TF, priority: v.priority ?? 10, help: v.help, example: `+${P}${v.name}${v.example}`, ...base });
    out.push({
      name: `${P}items:${v.name}`,
      targets: TF,
      priority: 20,
      help: `${v.help} Applies to the items of an array.`,
      example: `+${P}items:${v.name}${v.example}`,
      ...base,
    });
  }
  return out;
}

function flag(name: string, targets: readonly MarkerTarget[], help: string, priority = 10): MarkerDefinition {
  return { name, targets, priority, help, example: `+${name}` };
}

const LIST_TYPES = ['atomic', 'set', 'map'] as const;
const MAP_TYPES = ['granular', 'atomic'] as const;

/** MARKERS is every marker operator-ts understands, with controller-gen's names and meanings. */
export const MARKERS: readonly MarkerDefinition[] = [
  { name: 'groupName', targets: ['package'], value: 'string', priority: 10, help: 'API group of every kind in the folder.', example: '+groupName=cache.example.com' },
  { name: 'versionName', targets: ['package'], value: 'string', priority: 10, help: 'API version of the folder (default: the folder name).', example: '+versionName=v1' },
  flag('kubebuilder:skip', ['package'], 'Ignores the folder for CRD generation (internal hub versions).'),
  { name: 'kubebuilder:object:generate', targets: ['package', 'type'], value: 'bool', priority: 10, help: 'Accepted for compatibility; operator-ts generates no DeepCopy code.', example: '+kubebuilder:object:generate=true' },
  { name: 'kubebuilder:object:root', targets: ['type'], value: 'bool', priority: 10, help: 'Not needed for a kind, which is found by its shape (see Kinds below). It also makes a kind of a type whose metadata is not V1ObjectMeta. On a type that is no kind (a spec) it does nothing, as in controller-gen, which reads it only to generate DeepCopyObject: a warning says so (lists carry it silently).', example: '+kubebuilder:object:root=true' },
  { name: 'kubebuilder:ac:generate', targets: ['package', 'type'], value: 'bool', priority: 10, help: 'Accepted for compatibility; no apply configurations are generated.', example: '+kubebuilder:ac:generate=false' },
  { name: 'kubebuilder:ac:output:package', targets: ['package'], value: 'string', priority: 10, help: 'Accepted for compatibility; no apply configurations are generated.', example: '+kubebuilder:ac:output:package=ac' },
  flag(`${P}Optional`, ['package', 'field'], 'On a field: not required. In a folder: fields are optional by default.'),
  flag(`${P}Required`, ['package', 'field'], 'On a field: required even with `?`.'),
  flag('optional', ['field'], 'The field is not required.'),
  flag('required', ['field'], 'The field is required.'),
  flag('k8s:optional', ['field'], 'The field is not required.'),
  flag('k8s:required', ['field'], 'The field is required and, as in controller-gen, not empty unless a bound is given: strings get minLength 1, lists minItems 1, maps and objects minProperties 1; so do Time, Duration, Quantity, IntOrString and JSONValue, which controller-gen sees as references to Go structs.'),
  flag('nullable', ['field'], 'Adds `nullable: true`.'),
  { name: 'k8s:maxItems', targets: ['field'], value: 'int', priority: 10, help: 'Declarative-validation spelling of +kubebuilder:validation:MaxItems.', example: '+k8s:maxItems=10' },
  { name: 'k8s:minimum', targets: ['field'], value: 'number', priority: 10, help: 'Declarative-validation spelling of +kubebuilder:validation:Minimum.', example: '+k8s:minimum=0' },
  { name: 'k8s:maximum', targets: ['field'], value: 'number', priority: 10, help: 'Declarative-validation spelling of +kubebuilder:validation:Maximum.', example: '+k8s:maximum=100' },
  { name: 'kubebuilder:default', targets: ['field'], value: 'any', priority: 10, help: 'Default value in marker syntax (`{a,b}` list, `{k: v}` map).', example: '+kubebuilder:default=3' },
  { name: 'default', targets: ['field'], value: 'raw', priority: 9, help: 'Kubernetes-style default as JSON; `ref(...)` values are ignored.', example: '+default="Always"' },
  { name: 'kubebuilder:example', targets: ['field'], value: 'any', priority: 10, help: 'Example value for documentation.', example: '+kubebuilder:example="nginx:1.27"' },
  { name: 'kubebuilder:title', targets: TF, value: 'any', priority: 10, help: 'Schema title (must be a string).', example: '+kubebuilder:title="Replicas"' },
  {
    name: 'kubebuilder:externalDocs',
    targets: TF,
    args: [{ name: 'url', type: 'string' }, { name: 'description', type: 'string', optional: true }],
    priority: 10,
    help: 'Link to external documentation.',
    example: '+kubebuilder:externalDocs:url="https://example.com/docs",description="More"',
  },
  flag(`${P}EmbeddedResource`, ['field'], 'Adds `x-kubernetes-embedded-resource: true`.'),
  flag(`${P}Schemaless`, ['field'], 'Leaves the field schema empty (add Type etc. yourself); allows `unknown`.'),
  flag('kubebuilder:pruning:PreserveUnknownFields', TF, 'Adds `x-kubernetes-preserve-unknown-fields: true`; allows `unknown`.'),
  flag('k8s:immutable', ['field'], 'Field cannot change once set (CEL `self == oldSelf`).'),
  { name: `${P}ExactlyOneOf`, targets: ['type'], value: 'stringList', priority: 12, help: 'Exactly one of the listed optional fields must be set.', example: `+${P}ExactlyOneOf=a;b` },
  { name: `${P}AtMostOneOf`, targets: ['type'], value: 'stringList', priority: 11, help: 'At most one of the listed optional fields may be set.', example: `+${P}AtMostOneOf=a;b` },
  { name: `${P}AtLeastOneOf`, targets: ['type'], value: 'stringList', priority: 13, help: 'At least one of the listed fields must be set.', example: `+${P}AtLeastOneOf=a;b` },
  flag('k8s:enum', ['type'], 'On a string enum or literal-union type: its values become `enum`.'),
  { name: 'listType', targets: TF, value: 'string', valueOneOf: LIST_TYPES, priority: 9, help: 'x-kubernetes-list-type of an array.', example: '+listType=map' },
  { name: 'k8s:listType', targets: TF, value: 'string', valueOneOf: LIST_TYPES, priority: 9, help: 'Alias of +listType.', example: '+k8s:listType=set' },
  { name: 'listMapKey', targets: TF, value: 'string', priority: 10, help: 'Key field of a `listType=map` array; repeatable.', example: '+listMapKey=name' },
  { name: 'k8s:listMapKey', targets: TF, value: 'string', priority: 10, help: 'Alias of +listMapKey.', example: '+k8s:listMapKey=name' },
  { name: 'mapType', targets: TF, value: 'string', valueOneOf: MAP_TYPES, priority: 10, help: 'x-kubernetes-map-type of a map.', example: '+mapType=atomic' },
  { name: 'structType', targets: TF, value: 'string', valueOneOf: MAP_TYPES, priority: 10, help: 'x-kubernetes-map-type of an object.', example: '+structType=atomic' },
  ...validationDefs(),
  {
    name: 'kubebuilder:resource',
    targets: ['type'],
    args: [
      { name: 'path', type: 'string', optional: true },
      { name: 'shortName', type: 'stringList', optional: true },
      { name: 'categories', type: 'stringList', optional: true },
      { name: 'singular', type: 'string', optional: true },
      { name: 'scope', type: 'string', optional: true, oneOf: ['Namespaced', 'Cluster'] },
    ],
    priority: 10,
    help: 'CRD names and scope.',
    example: '+kubebuilder:resource:path=memcacheds,shortName=mc,scope=Namespaced',
  },
  flag('kubebuilder:subresource:status', ['type'], 'Enables the status subresource.'),
  {
    name: 'kubebuilder:subresource:scale',
    targets: ['type'],
    args: [
      { name: 'specpath', type: 'string' },
      { name: 'statuspath', type: 'string' },
      { name: 'selectorpath', type: 'string', optional: true },
    ],
    priority: 10,
    help: 'Enables the scale subresource.',
    example: '+kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas',
  },
  {
    name: 'kubebuilder:printcolumn',
    targets: ['type'],
    args: [
      { name: 'name', type: 'string' },
      { name: 'type', type: 'string', oneOf: ['integer', 'number', 'string', 'boolean', 'date'] },
      { name: 'JSONPath', type: 'string' },
      { name: 'description', type: 'string', optional: true },
      { name: 'format', type: 'string', optional: true },
      { name: 'priority', type: 'int', optional: true },
    ],
    priority: 10,
    help: 'Column shown by `kubectl get`; repeatable.',
    example: '+kubebuilder:printcolumn:name="Ready",type=string,JSONPath=`.status.ready`',
  },
  flag('kubebuilder:storageversion', ['type'], 'This version is the storage version.'),
  flag('kubebuilder:unservedversion', ['type'], 'This version is not served.'),
  {
    name: 'kubebuilder:deprecatedversion',
    targets: ['type'],
    args: [{ name: 'warning', type: 'string', optional: true }],
    priority: 10,
    help: 'Marks this version deprecated.',
    example: '+kubebuilder:deprecatedversion:warning="use v2"',
  },
  flag('kubebuilder:skipversion', ['type'], 'Leaves this version out of the CRD.'),
  {
    name: 'kubebuilder:selectablefield',
    targets: ['type'],
    args: [{ name: 'JSONPath', type: 'string' }],
    priority: 10,
    help: 'Field usable in field selectors; repeatable.',
    example: '+kubebuilder:selectablefield:JSONPath=`.spec.mode`',
  },
  {
    name: 'kubebuilder:metadata',
    targets: ['type'],
    args: [
      { name: 'annotations', type: 'stringList', optional: true },
      { name: 'labels', type: 'stringList', optional: true },
    ],
    priority: 10,
    help: 'Annotations and labels (`key=value`) on the CRD object.',
    example: '+kubebuilder:metadata:annotations="api-approved.kubernetes.io=unapproved"',
  },
  {
    name: 'kubebuilder:rbac',
    targets: ['package'],
    args: [
      { name: 'groups', type: 'stringList', optional: true },
      { name: 'resources', type: 'stringList', optional: true },
      { name: 'resourceNames', type: 'stringList', optional: true },
      { name: 'verbs', type: 'stringList' },
      { name: 'urls', type: 'stringList', optional: true },
      { name: 'namespace', type: 'string', optional: true },
      { name: 'roleName', type: 'string', optional: true },
    ],
    priority: 10,
    help: 'RBAC rule for the manager role; may stand anywhere in a file.',
    example: '+kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch',
  },
  {
    name: 'kubebuilder:webhook',
    targets: ['package'],
    args: [
      { name: 'mutating', type: 'bool' },
      { name: 'failurePolicy', type: 'string', oneOf: ['fail', 'ignore'], caseInsensitive: true },
      { name: 'matchPolicy', type: 'string', optional: true, oneOf: ['Exact', 'Equivalent'] },
      { name: 'sideEffects', type: 'string', optional: true },
      { name: 'timeoutSeconds', type: 'int', optional: true },
      { name: 'groups', type: 'stringList' },
      { name: 'resources', type: 'stringList' },
      { name: 'verbs', type: 'stringList' },
      { name: 'versions', type: 'stringList' },
      { name: 'name', type: 'string' },
      { name: 'path', type: 'string', optional: true },
      { name: 'url', type: 'string', optional: true },
      { name: 'serviceName', type: 'string', optional: true },
      { name: 'serviceNamespace', type: 'string', optional: true },
      { name: 'servicePort', type: 'int', optional: true },
      { name: 'webhookVersions', type: 'stringList', optional: true },
      { name: 'admissionReviewVersions', type: 'stringList' },
      { name: 'reinvocationPolicy', type: 'string', optional: true, oneOf: ['Never', 'IfNeeded'] },
      { name: 'patch', type: 'string', optional: true },
    ],
    priority: 10,
    help: 'Admission webhook entry; may stand anywhere in a file. patch=`{...}` merges a JSON object of webhook fields into it (namespaceSelector, objectSelector, matchConditions...; null removes a field), as in controller-gen.',
    example:
      '+kubebuilder:webhook:path=/mutate-cache-example-com-v1-memcached,mutating=true,failurePolicy=fail,sideEffects=None,groups=cache.example.com,resources=memcacheds,verbs=create;update,versions=v1,name=mmemcached-v1.kb.io,admissionReviewVersions=v1',
  },
  {
    name: 'kubebuilder:webhookconfiguration',
    targets: ['package'],
    args: [{ name: 'mutating', type: 'bool' }, { name: 'name', type: 'string', optional: true }],
    priority: 10,
    help: 'Names the generated Mutating/ValidatingWebhookConfiguration.',
    example: '+kubebuilder:webhookconfiguration:mutating=true,name=my-mutating-config',
  },
  {
    name: 'operator-ts:schema',
    targets: TF,
    value: 'raw',
    priority: 30,
    help: 'JSON object of OpenAPI keywords merged into the schema after every other marker: the escape hatch `operator-ts import crd` writes for what no marker says (oneOf, anyOf, not, defaults of list items...).',
    example: '+operator-ts:schema={"oneOf":[{"required":["a"]},{"required":["b"]}]}',
  },
  {
    name: 'operator-sdk:csv:customresourcedefinitions',
    targets: ['type', 'field'],
    args: [
      { name: 'type', type: 'string', optional: true, oneOf: ['spec', 'status'] },
      { name: 'displayName', type: 'string', optional: true },
      { name: 'xDescriptors', type: 'stringList', optional: true },
      { name: 'resources', type: 'anyList', optional: true },
      { name: 'order', type: 'int', optional: true },
    ],
    priority: 10,
    help: 'OLM CSV: on a kind, its owned-CRD entry (displayName, resources={{Kind,version,name}}, order); on a field below spec/status, a descriptor (type=spec|status, displayName, xDescriptors, order). Read by `generate bundle`; repeatable.',
    example: '+operator-sdk:csv:customresourcedefinitions:type=spec,displayName="Size",xDescriptors={"urn:alm:descriptor:com.tectonic.ui:podCount"}',
  },
];

const BY_NAME = new Map(MARKERS.map((m) => [m.name, m]));

/** lookupMarker returns the definition registered under name. */
export function lookupMarker(name: string): MarkerDefinition | undefined {
  return BY_NAME.get(name);
}
