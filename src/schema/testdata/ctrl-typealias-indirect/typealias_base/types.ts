// Twin of controller-tools' pkg/crd/testdata/typealias_base/types.go.

export interface BaseStruct {
  value: string;
}
