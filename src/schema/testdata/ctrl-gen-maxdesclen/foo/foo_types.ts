// Twin of controller-tools' pkg/crd/testdata/gen/foo_types.go. Without +versionName the
// version is the folder's name, as controller-gen takes the Go package's name (foo).
// +groupName=bar.example.com
import type { V1ObjectMeta } from '@kubernetes/client-node';

export interface FooSpec {
  /**
   * This tests that defaulted fields are stripped for v1beta1,
   * but not for v1
   * +kubebuilder:default=fooDefaultString
   * +kubebuilder:example=fooExampleString
   */
  defaultedString: string;
}
export interface FooStatus {}

export interface Foo {
  /** TypeMeta comments should NOT appear in the CRD spec */
  apiVersion?: string;
  kind?: string;
  /** ObjectMeta comments should NOT appear in the CRD spec */
  metadata?: V1ObjectMeta;

  /** Spec comments SHOULD appear in the CRD spec */
  spec?: FooSpec;
  /** Status comments SHOULD appear in the CRD spec */
  status?: FooStatus;
}
