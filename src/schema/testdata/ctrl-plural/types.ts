// Twin of controller-tools' pkg/crd/testdata/plural/types.go: a kind found by its shape alone, whose
// plural (testquotas) comes from the Go toolchain's inflector.
// +groupName=plural.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';

export interface TestQuota {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;

  test?: string;
}
