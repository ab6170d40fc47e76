/**
 * Type aliases for API authors. Each alias is what the value is at runtime (a number or a string); the
 * name is what tells `operator-ts generate` which OpenAPI type and format to emit, exactly as the Go
 * types of the same names do for controller-gen. Import them with `import type`.
 *
 * @packageDocumentation
 */

/**
 * int is an integer of unstated size, as Go's `int`: `type: integer` without a format. Prefer int32 or
 * int64 in new APIs, as the Kubernetes API conventions do; int keeps the schema of a ported Go `int` field.
 */
export type int = number;
/** int32 is a 32-bit signed integer: `type: integer, format: int32`. */
export type int32 = number;
/** int64 is a 64-bit signed integer: `type: integer, format: int64`. Values above 2^53 lose precision in JavaScript. */
export type int64 = number;
/** float64 is a floating-point number: `type: number`. */
export type float64 = number;
/** Time is an RFC 3339 timestamp on the wire (metav1.Time): `type: string, format: date-time`. */
export type Time = string;
/** MicroTime is an RFC 3339 timestamp with microseconds (metav1.MicroTime): `type: string, format: date-time`. */
export type MicroTime = string;
/** Duration is a Go-style duration string such as `1h30m` (metav1.Duration): `type: string`. */
export type Duration = string;
/** Quantity is a Kubernetes resource quantity such as `500m` or `2Gi`, or a plain integer. */
export type Quantity = string | number;
/** IntOrString holds either an integer or a string, as intstr.IntOrString does (ports, percentages). */
export type IntOrString = string | number;
/** Bytes is base64-encoded binary data on the wire: `type: string, format: byte`. */
export type Bytes = string;
/** JSONValue is any JSON value; the schema keeps unknown fields (`x-kubernetes-preserve-unknown-fields`). */
export type JSONValue = string | number | boolean | null | JSONValue[] | { [key: string]: JSONValue };
/** RawExtension is an embedded JSON object kept as-is (runtime.RawExtension). */
export type RawExtension = { [key: string]: JSONValue };

/**
 * Condition is one entry of a status `conditions` list, the wire shape of metav1.Condition (times are
 * RFC 3339 strings, as they arrive from the API server). `operator-ts generate` gives it the same schema
 * and validations controller-gen gives metav1.Condition.
 */
export interface Condition {
  /** type of condition in CamelCase or in foo.example.com/CamelCase. */
  type: string;
  /** status of the condition, one of True, False, Unknown. */
  status: 'True' | 'False' | 'Unknown';
  /** observedGeneration represents the .metadata.generation that the condition was set based upon. */
  observedGeneration?: int64;
  /** lastTransitionTime is the last time the condition transitioned from one status to another. */
  lastTransitionTime: Time;
  /** reason contains a programmatic identifier indicating the reason for the condition's last transition. */
  reason: string;
  /** message is a human readable message indicating details about the transition. */
  message: string;
}
