// Twin of controller-tools' pkg/crd/testdata/gen/zoo/zoo_types.go. Without +versionName the
// version is the folder's name, as controller-gen takes the Go package's name (zoo).
// +groupName=bar.example.com
import type { V1ObjectMeta } from '@kubernetes/client-node';

export interface ZooSpec {
  /**
   * This tests that defaulted fields are stripped for v1beta1,
   * but not for v1
   * +kubebuilder:default=zooDefaultString
   * +kubebuilder:example=zooExampleString
   */
  defaultedString: string;
}
export interface ZooStatus {}

export interface Zoo {
  /** TypeMeta comments should NOT appear in the CRD spec */
  apiVersion?: string;
  kind?: string;
  /** ObjectMeta comments should NOT appear in the CRD spec */
  metadata?: V1ObjectMeta;

  /** Spec comments SHOULD appear in the CRD spec */
  spec?: ZooSpec;
  /** Status comments SHOULD appear in the CRD spec */
  status?: ZooStatus;
}
