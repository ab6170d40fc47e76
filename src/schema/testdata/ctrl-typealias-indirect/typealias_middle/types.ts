// Twin of controller-tools' pkg/crd/testdata/typealias_middle/types.go.
import type * as typealias_base from '../typealias_base/types.js';

export type AliasedStruct = typealias_base.BaseStruct;
