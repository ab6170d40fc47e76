// Twin of controller-tools' pkg/crd/testdata/typealias_indirect/types.go: a spec whose field's type is an
// alias, in another folder, of a type of a third folder. The fixture has no kind (controller-tools' test
// asks for the spec's schema directly); the kind IndirectAlias is added here so that it yields a CRD.
// +groupName=testdata.kubebuilder.io
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type * as typealias_middle from '../typealias_middle/types.js';

export interface IndirectAliasSpec {
  field: typealias_middle.AliasedStruct;
}

/** IndirectAlias is added to the fixture: it carries IndirectAliasSpec into a CRD. */
export interface IndirectAlias {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;

  spec?: IndirectAliasSpec;
}
