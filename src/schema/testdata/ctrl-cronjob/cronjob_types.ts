// Twin of controller-tools' pkg/crd/testdata/cronjob_types.go: the v1 (storage) version of CronJob,
// with unserved/ (v1beta1) and deprecated/ (v1beta2) beside it. Where Go has a construct TypeScript
// cannot spell, the closest twin is written and the comment at the field says what changed:
// - Go's `omitempty` is `?`; a field without it is required; a pointer is nothing more than that.
// - A Go type with typed constants is a TypeScript string enum (member names are the Go constants).
// - Go's unexported fields are ES private fields (`#bar`), which JSON.stringify leaves out as
//   encoding/json leaves out unexported fields.
// - A field tagged `json:"-"` has no twin: every member of an interface is serialized.
// - Go types with MarshalJSON/MarshalText are the TypeScript types that serialize the same way (a
//   class extending the built-in URL serializes through URL's toJSON() as a string).
// +groupName=testdata.kubebuilder.io
// +versionName=v1
import type { V1ContainerPort, V1JobTemplateSpec, V1ListMeta, V1ObjectMeta, V1ObjectReference, V1ServiceSpec } from '@kubernetes/client-node';
import type { Bytes, float64, int, int32, int64, IntOrString, JSONValue, MicroTime, RawExtension, Time } from 'operator-ts/types';

// EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!
// NOTE: json tags are required.  Any new fields you add must have json tags for the fields to be serialized.

export const DefaultRefValue = 'defaultRefValue';

/**
 * CronJobSpec defines the desired state of CronJob
 * +kubebuilder:validation:XValidation:rule="has(oldSelf.forbiddenInt) || !has(self.forbiddenInt)",message="forbiddenInt is not allowed",fieldPath=".forbiddenInt",reason="FieldValueForbidden"
 */
export interface CronJobSpec extends unexportedStruct, ExportedStruct, InlineAlias, InlinePointerStruct {
  /** The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron. */
  schedule: string;

  /**
   * Optional deadline in seconds for starting the job if it misses scheduled
   * time for any reason.  Missed jobs executions will be counted as failed ones.
   * +optional
   */
  startingDeadlineSeconds?: int64;

  /**
   * Specifies how to treat concurrent executions of a Job.
   * Valid values are:
   * - "Allow" (default): allows CronJobs to run concurrently;
   * - "Forbid": forbids concurrent runs, skipping next run if previous run hasn't finished yet;
   * - "Replace": cancels currently running job and replaces it with a new one
   * +optional
   */
  concurrencyPolicy?: ConcurrencyPolicy;

  /**
   * Specifies how to treat concurrent executions of a Job.
   * Valid values are:
   * - "Allow" (default): allows CronJobs to run concurrently;
   * - "Forbid": forbids concurrent runs, skipping next run if previous run hasn't finished yet;
   * - "Replace": cancels currently running job and replaces it with a new one
   * +optional
   */
  k8sConcurrencyPolicy?: K8sConcurrencyPolicy;

  /**
   * This flag tells the controller to suspend subsequent executions, it does
   * not apply to already started executions.  Defaults to false.
   * +optional
   */
  suspend?: boolean;

  // This tests that non-serialized fields aren't included in the schema.
  // (Go's InternalData is tagged `json:"-"`: an interface member is always serialized, so it has no twin.)

  /**
   * This flag is like suspend, but for when you really mean it.
   * It helps test the +kubebuilder:validation:Type marker.
   * +optional
   */
  noReallySuspend?: TotallyABool;

  /** This tests byte slice schema generation. */
  binaryName: Bytes;

  /**
   * This tests that nullable works correctly
   * +nullable
   */
  canBeNull: string;

  /** Specifies the job that will be created when executing a CronJob. */
  jobTemplate: V1JobTemplateSpec; // Go: batchv1beta1.JobTemplateSpec, which has batch/v1's fields; client-node has no batch/v1beta1 models

  /**
   * The number of successful finished jobs to retain.
   * This is a pointer to distinguish between explicit zero and not specified.
   * +optional
   */
  successfulJobsHistoryLimit?: int32;

  /**
   * The number of failed finished jobs to retain.
   * This is a pointer to distinguish between explicit zero and not specified.
   * +optional
   */
  failedJobsHistoryLimit?: int32;

  /** This tests byte slices are allowed as map values. */
  byteSliceData?: Record<string, Bytes>;

  /** This tests string slices are allowed as map values. */
  stringSliceData?: Record<string, string[]>;

  /** This tests pointers are allowed as map values. */
  ptrData?: Record<string, string>;

  /**
   * This tests that markers that are allowed on both fields and types are applied to fields
   * +kubebuilder:validation:MinLength=4
   */
  twoOfAKindPart0: string;

  /** This tests that markers that are allowed on both fields and types are applied to types */
  twoOfAKindPart1: LongerString;

  /**
   * This tests that primitive defaulting can be performed.
   * +kubebuilder:default=forty-two
   * +kubebuilder:example=forty-two
   * +kubebuilder:title=DefaultedString
   */
  defaultedString: string;

  /**
   * This tests that slice defaulting can be performed.
   * +kubebuilder:default={a,b}
   * +kubebuilder:example={a,b}
   * +kubebuilder:title=DefaultedSlice
   */
  defaultedSlice: string[];

  /**
   * This tests that slice and object defaulting can be performed.
   * +kubebuilder:default={{nested: {foo: "baz", bar: true}},{nested: {foo: "qux", bar: false}}}
   * +kubebuilder:example={{nested: {foo: "baz", bar: true}},{nested: {foo: "qux", bar: false}}}
   * +kubebuilder:title="124"
   */
  defaultedObject: RootObject[];

  /**
   * This tests that empty slice defaulting can be performed.
   * +kubebuilder:default={}
   * +kubebuilder:title="{}"
   */
  defaultedEmptySlice: string[];

  /**
   * This tests that an empty object defaulting can be performed on a map.
   * +kubebuilder:default={}
   */
  defaultedEmptyMap: Record<string, string>;

  /**
   * This tests that an empty object defaulting can be performed on an object.
   * +kubebuilder:default={}
   */
  defaultedEmptyObject: EmpiableObject;

  /**
   * This tests that kubebuilder defaulting takes precedence.
   * +kubebuilder:default="kubebuilder-default"
   * +default="kubernetes-default"
   */
  doubleDefaultedString: string;

  /**
   * This tests that primitive defaulting can be performed.
   * +default="forty-two"
   */
  kubernetesDefaultedString: string;

  /**
   * This tests that slice defaulting can be performed.
   * +default=["a","b"]
   */
  kubernetesDefaultedSlice: string[];

  /**
   * This tests that slice and object defaulting can be performed.
   * +default=[{"nested": {"foo": "baz", "bar": true}},{"nested": {"foo": "qux", "bar": false}}]
   */
  kubernetesDefaultedObject: RootObject[];

  /**
   * This tests that empty slice defaulting can be performed.
   * +default=[]
   */
  kubernetesDefaultedEmptySlice: string[];

  /**
   * This tests that an empty object defaulting can be performed on a map.
   * +default={}
   */
  kubernetesDefaultedEmptyMap: Record<string, string>;

  /**
   * This tests that an empty object defaulting can be performed on an object.
   * +default={}
   */
  kubernetesDefaultedEmptyObject: EmpiableObject;

  /**
   * This tests that use of +default=ref(...) doesn't break generation
   * +default=ref(DefaultRefValue)
   */
  kubernetesDefaultedRef?: string;

  /**
   * This tests that pattern validator is properly applied.
   * +kubebuilder:validation:Pattern=`^$|^((https):\/\/?)[^\s()<>]+(?:\([\w\d]+\)|([^[:punct:]\s]|\/?))$`
   */
  patternObject: string;

  /**
   * +kubebuilder:validation:EmbeddedResource
   * +kubebuilder:validation:nullable
   */
  embeddedResource: RawExtension;

  /**
   * +kubebuilder:validation:nullable
   * +kubebuilder:pruning:PreserveUnknownFields
   */
  unprunedJSON: NestedObject;

  /**
   * +kubebuilder:pruning:PreserveUnknownFields
   * +kubebuilder:validation:EmbeddedResource
   * +kubebuilder:validation:nullable
   */
  unprunedEmbeddedResource: RawExtension;

  /** This tests that a type-level pruning marker works. */
  unprunedFomType: Preserved;

  /**
   * This tests that a type-level pruning marker combined with a field-level pruning marker works.
   * +kubebuilder:pruning:PreserveUnknownFields
   */
  unprunedFomTypeAndField: Preserved;

  /**
   * This tests that associative lists work.
   * +listType=map
   * +listMapKey=name
   * +listMapKey=secondary
   */
  associativeList: AssociativeType[];

  /**
   * This tests that associative lists work using the +k8s:listType alias.
   * +k8s:listType=map
   * +k8s:listMapKey=name
   */
  k8sAssociativeList: AssociativeType[];

  /**
   * This tests that +k8s:listType=set works.
   * +k8s:listType=set
   */
  k8sSetList?: string[];

  /**
   * This tests that +k8s:listType=atomic works.
   * +k8s:listType=atomic
   */
  k8sAtomicList?: string[];

  /** This tests that associative lists work via a nested type. */
  nestedassociativeList: NestedAssociativeList;

  /** This tests that associative lists work via a nested type using the +k8s:listType alias. */
  k8sNestedAssociativeList: K8sNestedAssociativeList;

  /**
   * A map that allows different actors to manage different fields
   * +mapType=granular
   */
  mapOfInfo: Record<string, Bytes>;

  /** A map that allows different actors to manage different fields via a nested type. */
  nestedMapOfInfo: NestedMapOfInfo;

  /**
   * A struct that can only be entirely replaced
   * +structType=atomic
   */
  structWithSeveralFields: NestedObject;

  /** A struct that can only be entirely replaced via a nested type. */
  nestedStructWithSeveralFields: NestedStructWithSeveralFields;

  /**
   * A struct that can only be entirely replaced via a nested type and
   * field markers.
   * +structType=atomic
   */
  nestedStructWithSeveralFieldsDoubleMarked: NestedStructWithSeveralFields;

  /**
   * This tests that type references are properly flattened
   * +kubebuilder:validation:optional
   */
  justNestedObject?: JustNestedObject;

  /**
   * This tests explicitly optional kubebuilder fields
   * +kubebuilder:validation:Optional
   */
  explicitlyOptionalKubebuilder: string;

  /**
   * This tests explicitly optional kubernetes fields
   * +optional
   */
  explicitlyOptionalKubernetes: string;

  /**
   * This tests explicitly optional k8s fields
   * +k8s:optional
   */
  explicitlyOptionalK8s: string;

  /**
   * This tests explicitly required kubebuilder fields
   * +kubebuilder:validation:Required
   */
  explicitlyRequiredKubebuilder?: string;

  /**
   * This tests explicitly required kubernetes fields
   * +required
   */
  explicitlyRequiredKubernetes?: string;

  /**
   * This tests explicitly required k8s fields
   * +k8s:required
   */
  explicitlyRequiredK8s?: string;

  /** This tests that min/max properties work */
  minMaxProperties?: MinMaxObject;

  /**
   * This tests that the schemaless marker works
   * +kubebuilder:validation:Schemaless
   * +kubebuilder:validation:Type=string
   */
  schemaless?: Bytes;

  /**
   * This tests that an IntOrString can also have string validation.
   * This can be useful if you want to limit the string to a percentage or integer.
   * The XIntOrString marker is a requirement for having a pattern on this type.
   * +kubebuilder:validation:XIntOrString
   * +kubebuilder:validation:MaxLength=11
   * +kubebuilder:validation:MinLength=2
   * +kubebuilder:validation:Pattern="^((100|[0-9]{1,2})%|[0-9]+)$"
   */
  intOrStringWithAPattern?: IntOrString;

  /**
   * This tests that an IntOrString can have enum validation.
   * The XIntOrString marker is required for applying enum to IntOrString.
   * +kubebuilder:validation:XIntOrString
   * +kubebuilder:validation:Enum=1;2;"foo";"bar"
   */
  intOrStringWithEnum?: IntOrString;

  /** Checks that nested maps work */
  nestedMap?: Record<string, Record<string, string>>;

  /** Checks that multiply-nested maps work */
  nestedNestedMap?: Record<string, Record<string, Record<string, string>>>;

  /** Checks that maps containing types that contain maps work */
  nestedMapInStruct?: Record<string, ContainsNestedMap>;

  /** Maps of arrays of things-that-aren’t-strings are permitted */
  mapOfArraysOfFloats?: Record<string, boolean[]>;

  /**
   * Maps keyed by a type that implements encoding.TextMarshaler are permitted,
   * since such keys serialize to strings (just like TextMarshaler fields do).
   */
  mapOfTextMarshalerKeys?: Record<URL3, string>;

  /**
   * +kubebuilder:validation:Minimum=-0.5
   * +kubebuilder:validation:Maximum=1.5
   * +kubebuilder:validation:MultipleOf=0.5
   */
  floatWithValidations: float64;

  /**
   * +kubebuilder:validation:Minimum=-0.5
   * +kubebuilder:validation:Maximum=1.5
   * +kubebuilder:validation:MultipleOf=0.5
   */
  float64WithValidations: float64;

  /**
   * +kubebuilder:validation:Minimum=-2
   * +kubebuilder:validation:Maximum=2
   * +kubebuilder:validation:MultipleOf=2
   */
  intWithValidations: int;

  /**
   * +kubebuilder:validation:Minimum=-2
   * +kubebuilder:validation:Maximum=2
   * +kubebuilder:validation:MultipleOf=2
   */
  int32WithValidations: int32;

  // This tests that unexported fields are skipped in the schema generation
  // (Go's unexportedField: an interface has no private members; see unexportedStruct for the twin.)

  // This tests that both unexported and exported inline fields are not skipped in the schema generation
  // (Go embeds unexportedStruct and ExportedStruct with `json:",inline"`: CronJobSpec extends them.)

  /**
   * Test of the expression-based validation rule marker, with optional message.
   * +kubebuilder:validation:XValidation:rule="self.size() % 2 == 0",message="must have even length"
   * +kubebuilder:validation:XValidation:rule="true"
   */
  stringWithEvenLength?: string;

  /**
   * Test of the expression-based validation with messageExpression marker.
   * Due to a bug in the cost calculation we can not include the lenght in the message expression:
   * https://github.com/kubernetes/kubernetes/issues/124234
   *
   * +kubebuilder:validation:XValidation:rule="self.size() % 2 == 0",messageExpression="self + ' has odd length, must be even'"
   */
  stringWithEvenLengthAndMessageExpression?: string;

  /**
   * Test of the expression-based validation on both field and type.
   * +kubebuilder:validation:XValidation:rule="self.startsWith('good-')",message="must have good prefix"
   */
  stringWithEvenLengthAndGoodPrefix?: StringEvenType;

  /**
   * Test that we can add a forbidden field using XValidation Reason and FieldPath.
   * The validation is applied to the spec struct itself and not the field.
   */
  forbiddenInt?: int;

  /** Checks that fixed-length arrays work */
  array?: [int, int, int];

  /** Checks that arrays work when the type contains a composite literal */
  arrayUsingCompositeLiteral?: [string, string, string]; // Go: [len(struct{ X [3]int }{}.X)]string

  /**
   * This tests string slice item validation.
   * +kubebuilder:validation:MinItems=1
   * +kubebuilder:validation:items:MinLength=1
   * +kubebuilder:validation:items:MaxLength=255
   * +kubebuilder:validation:items:Pattern=^[a-z0-9]([-a-z0-9]*[a-z0-9])?([.][a-z0-9]([-a-z0-9]*[a-z0-9])?)*$
   * +listType=set
   */
  hosts?: string[];

  /**
   * This tests slice item validation with enum
   * +kubebuilder:validation:items:Enum=0;1;3
   */
  enumSlice?: int[];

  hostsAlias?: Hosts;

  /**
   * This tests that alias imported from a package is handled correctly. The
   * corev1.IPFamilyPolicyType is just reused since it's available from
   * imported package. We can create our own in a separate package if needed.
   */
  aliasFromPackage?: V1ServiceSpec['ipFamilyPolicy']; // client-node names no type for corev1.IPFamilyPolicyType: the type of the field that uses it

  /** This tests that string alias is handled correctly. */
  stringAlias?: StringAlias;
  stringAliasPtr?: StringAlias;

  /**
   * This tests that validation on a string alias type is handled correctly.
   * +kubebuilder:validation:MinLength=1
   * +kubebuilder:validation:MaxLength=255
   */
  stringAliasAddedValidation?: StringAlias;

  /** This tests that validation on a string alias type itself is handled correctly. */
  stringAliasAlreadyValidated?: StringAliasWithValidation;

  /**
   * These test that title works on both a type and field, with field taking precedence.
   * +kubebuilder:title="title on field"
   */
  stringAliasWithAddedTitle?: StringAliasWithTitle;
  stringAliasWithTitle?: StringAliasWithTitle;

  /**
   * This tests string slice validation.
   * +kubebuilder:validation:MinItems=2
   * +kubebuilder:validation:MaxItems=2
   */
  stringPair: string[];

  /**
   * This tests string alias slice item validation.
   * +kubebuilder:validation:MinItems=3
   */
  longerStringArray?: LongerString[];

  /**
   * This tests that a slice of IntOrString can also have string validation.
   * This can be useful if you want to limit the string to a percentage or integer.
   * The XIntOrString marker is a requirement for having a pattern on this type.
   * +kubebuilder:validation:items:XIntOrString
   * +kubebuilder:validation:items:MaxLength=10
   * +kubebuilder:validation:items:MinLength=1
   * +kubebuilder:validation:items:Pattern="^((100|[0-9]{1,2})%|[0-9]+)$"
   */
  intOrStringArrayWithAPattern?: IntOrString[];

  /**
   * This tests that a slice of  IntOrString can also have enum validation.
   * The XIntOrString marker is required for applying enum to IntOrString.
   * +kubebuilder:validation:items:XIntOrString
   * +kubebuilder:validation:items:MaxLength=3
   * +kubebuilder:validation:items:MinLength=1
   * +kubebuilder:validation:items:Enum=1;2;"foo";"bar"
   */
  intOrStringWithEnumSlice?: IntOrString[];

  /**
   * This tests that we can embed protocol correctly (without ending up with allOf).
   * Context: https://github.com/kubernetes-sigs/controller-tools/issues/1027
   * Defaults to "TCP".
   * +optional
   * +default="TCP"
   */
  protocol?: V1ContainerPort['protocol']; // client-node names no type for corev1.Protocol: the type of the field that uses it

  /** This tests that selectable field. */
  selectableFieldString?: string;

  // This tests that embedded struct, which is an alias type, is handled correctly.
  // (Go embeds InlineAlias with `json:",inline"`: CronJobSpec extends it.)

  // Tests pointer embedded struct with inline tag.
  // (Go embeds *InlinePointerStruct with `json:",inline"`: CronJobSpec extends it.)

  /**
   * Test that we can add a field that can only be set to a non-default value on updates using XValidation OptionalOldSelf.
   * +kubebuilder:validation:XValidation:rule="oldSelf.hasValue() || self == 0",message="must be set to 0 on creation. can be set to any value on an update.",optionalOldSelf=true
   */
  onlyAllowSettingOnUpdate?: int32;

  /**
   * This tests that unmarkered types are handled correctly.
   * When markers are applied at the field level instead of the type level.
   * +kubebuilder:validation:Minimum=1
   * +kubebuilder:validation:Maximum=10
   */
  locallyBoundedInteger?: UnmarkeredInteger;

  /**
   * This tests that unmarkered types are handled correctly.
   * When markers are applied at the field level instead of the type level.
   * +kubebuilder:validation:MinLength=1
   * +kubebuilder:validation:MaxLength=10
   */
  locallyBoundedString?: UnmarkeredString;

  /**
   * This tests that field-level overrides are handled correctly
   * for local type aliases.
   * +kubebuilder:validation:MinLength=10
   * +kubebuilder:validation:MaxLength=10
   */
  fieldLevelAliasOverride?: StringAliasWithValidation;

  /**
   * This tests that field-level overrides are handled correctly
   * for local type declarations.
   * +kubebuilder:validation:MinLength=10
   * +kubebuilder:validation:MaxLength=10
   */
  fieldLevelLocalDeclarationOverride?: LongerString;
}

export type InlineAlias = EmbeddedStruct;

/** EmbeddedStruct is for testing that embedded struct is handled correctly when it is used through an alias type. */
export interface EmbeddedStruct {
  /** FromEmbedded is a field from the embedded struct that was used through an alias type. */
  fromEmbedded?: string;
}

/** InlinePointerStruct tests pointer embedded struct with inline tag. */
export interface InlinePointerStruct {
  fromPointer?: string;
}

export type StringAlias = string;

// +kubebuilder:title="title on type"
export type StringAliasWithTitle = string;

// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=255
export type StringAliasWithValidation = string;

export interface ContainsNestedMap {
  innerMap?: Record<string, string>;
}

// Go's Preserved marshals itself (MarshalJSON) from concreteField and a `Rest map[string]any` tagged
// `json:"-"`: its twin is a class whose toJSON() returns any JSON value.

// +kubebuilder:validation:Type=object
// +kubebuilder:pruning:PreserveUnknownFields
export class Preserved {
  concreteField = '';
  #rest: Record<string, JSONValue> = {};

  toJSON(): JSONValue {
    return { ...this.#rest, concreteField: this.concreteField };
  }
}

export interface NestedObject {
  foo: string;
  bar: boolean;
}

// +structType=atomic
export type NestedStructWithSeveralFields = NestedObject;

export type JustNestedObject = NestedObject;

// +kubebuilder:validation:MinProperties=1
// +kubebuilder:validation:MaxProperties=2
export interface MinMaxObject {
  foo?: string;
  bar?: string;
  baz?: string;
}

export interface EmpiableObject {
  // +kubebuilder:default=forty-two
  foo?: string;
  bar?: string;
}

class unexportedStruct {
  /** This tests that exported fields are not skipped in the schema generation */
  foo!: string;

  /** This tests that unexported fields are skipped in the schema generation */
  #bar?: string;
}

export class ExportedStruct {
  /** This tests that exported fields are not skipped in the schema generation */
  baz!: string;

  /** This tests that unexported fields are skipped in the schema generation */
  #qux?: string;
}

export interface RootObject {
  nested: NestedObject;
}

export interface AssociativeType {
  name: string;
  secondary: int;
  foo: string;
}

// +listType=map
// +listMapKey=name
// +listMapKey=secondary
export type NestedAssociativeList = AssociativeType[];

// +k8s:listType=map
// +k8s:listMapKey=name
// +k8s:listMapKey=secondary
export type K8sNestedAssociativeList = AssociativeType[];

// +mapType=granular
export type NestedMapOfInfo = Record<string, Bytes>;

// +kubebuilder:validation:MinLength=4
// This tests that markers that are allowed on both fields and types are applied to types
export type LongerString = string;

// use an explicit type marker to verify that apply-first markers generate properly

// +kubebuilder:validation:Type=string
// TotallyABool is a bool that serializes as a string.
export type TotallyABool = boolean;

// This tests string slice item validation.
// +kubebuilder:validation:MinItems=1
// +kubebuilder:validation:items:MinLength=1
// +kubebuilder:validation:items:MaxLength=255
// +kubebuilder:validation:items:Pattern=^[a-z0-9]([-a-z0-9]*[a-z0-9])?([.][a-z0-9]([-a-z0-9]*[a-z0-9])?)*$
// +listType=set
export type Hosts = string[];

// This tests that unmarkered types are handled correctly.
// When markers are applied at the field level instead of the type level.
export type UnmarkeredInteger = int32;

// This tests that unmarkered types are handled correctly.
// When markers are applied at the field level instead of the type level.
export type UnmarkeredString = string;

// +kubebuilder:validation:Type=string
// URL wraps url.URL.
// It has custom json marshal methods that enable it to be used in K8s CRDs
// such that the CRD resource will have the URL but operator code can can work with url.URL struct
export class URL extends globalThis.URL {}

// +kubebuilder:validation:Type=string
// URL2 is an alias of url.URL.
// It has custom json marshal methods that enable it to be used in K8s CRDs
// such that the CRD resource will have the URL but operator code can can work with url.URL struct
export type URL2 = globalThis.URL;

// URL3 wraps [net/url.URL]. It implements [encoding.TextMarshaler] so that it
// can be used in K8s CRDs such that the CRD resource will have the URL but
// operator code can can work with the URL struct.
export type URL3 = string; // a map key must be a string type in TypeScript: URL3 is the string its text form is

// URL4 is newtype around [net/url.URL]. It implements [encoding.TextMarshaler]
// so that it can be used in K8s CRDs such that the CRD resource will have the
// URL but operator code can can work with the URL struct.
export type URL4 = globalThis.URL;

// +kubebuilder:validation:Type=integer
// +kubebuilder:validation:Format=int64
// Time2 is a newtype around [metav1.Time].
// It implements both [encoding.TextMarshaler] and [json.Marshaler].
// The latter is authoritative for the CRD generation.
export type Time2 = Date;

// Duration has a custom Marshaler but no markers.
// We want the CRD generation to infer type information
// from the go types and ignore the presense of the Marshaler.
export interface Duration {
  value: int64; // Go: time.Duration, an int64 of nanoseconds
}

// ConcurrencyPolicy describes how the job will be handled.
// Only one of the following concurrent policies may be specified.
// If none of the following policies is specified, the default one
// is AllowConcurrent.
// +kubebuilder:validation:Enum=Allow;Forbid;Replace
export enum ConcurrencyPolicy {
  // AllowConcurrent allows CronJobs to run concurrently.
  AllowConcurrent = 'Allow',

  // ForbidConcurrent forbids concurrent runs, skipping next run if previous
  // hasn't finished yet.
  ForbidConcurrent = 'Forbid',

  // ReplaceConcurrent cancels currently running job and replaces it with a new one.
  ReplaceConcurrent = 'Replace',
}

// +k8s:enum
export enum K8sConcurrencyPolicy {
  // AllowK8sConcurrencyPolicy allows CronJobs to run concurrently.
  AllowK8sConcurrencyPolicy = 'Allow',

  // ForbidK8sConcurrencyPolicy forbids concurrent runs, skipping next run if previous
  // hasn't finished yet.
  ForbidK8sConcurrencyPolicy = 'Forbid',

  // ReplaceK8sConcurrencyPolicy cancels currently running job and replaces it with a new one.
  ReplaceK8sConcurrencyPolicy = 'Replace',
}

// StringEvenType is a type that includes an expression-based validation.
// +kubebuilder:validation:XValidation:rule="self.size() % 2 == 0",message="must have even length"
export type StringEvenType = string;

/** CronJobStatus defines the observed state of CronJob */
export interface CronJobStatus {
  // INSERT ADDITIONAL STATUS FIELD - define observed state of cluster
  // Important: Run "make" to regenerate code after modifying this file

  /**
   * A list of pointers to currently running jobs.
   * +optional
   */
  active?: V1ObjectReference[];

  /**
   * Information when was the last time the job was successfully scheduled.
   * +optional
   */
  lastScheduleTime?: Time;

  /**
   * Information when was the last time the job was successfully scheduled.
   * +optional
   */
  lastScheduleTime2?: Time2;

  /**
   * Information about the last time the job was successfully scheduled,
   * with microsecond precision.
   * +optional
   */
  lastScheduleMicroTime?: MicroTime;

  /**
   * LastActiveLogURL specifies the logging url for the last started job
   * +optional
   */
  lastActiveLogURL?: URL;

  /**
   * LastActiveLogURL2 specifies the logging url for the last started job
   * +optional
   */
  lastActiveLogURL2?: URL2;

  /**
   * LastActiveLogURL3 specifies the logging url for the last started job
   * +optional
   */
  lastActiveLogURL3?: URL3;

  /**
   * LastActiveLogURL4 specifies the logging url for the last started job
   * +optional
   */
  lastActiveLogURL4?: URL4;

  duration?: Duration;
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:singular=mycronjob
// +kubebuilder:storageversion
// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=https://github.com/kubernetes-sigs/controller-tools";"cert-manager.io/inject-ca-from-secret=cert-manager/cert-manager-webhook-ca"
// +kubebuilder:selectablefield:JSONPath=`.spec.selectableFieldString`

/** CronJob is the Schema for the cronjobs API */
export interface CronJob {
  /*
   */
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;

  spec?: CronJobSpec;
  status?: CronJobStatus;
}

// +kubebuilder:object:root=true

/** CronJobList contains a list of CronJob */
export interface CronJobList {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ListMeta;
  items: CronJob[];
}
