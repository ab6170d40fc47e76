// Twin of controller-tools' pkg/crd/testdata/nogroup/types.go: an empty group. controller-gen writes a
// CRD named "cronjobs." that the API server refuses; operator-ts refuses it here (REFERENCE.md,
// Deliberate refusals).
// +groupName=
import type { V1ObjectMeta } from '@kubernetes/client-node';

// +kubebuilder:object:root=true

/** CronJob is the Schema for the cronjobs API */
export interface CronJob {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
}
