// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

// +kubebuilder:object:root=true

/** Thing lacks metadata. */
export interface Thing {
  apiVersion?: string;
  kind?: string;
  spec?: { x?: string };
}
