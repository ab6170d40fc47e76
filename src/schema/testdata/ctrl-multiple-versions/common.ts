// Twin of controller-tools' pkg/crd/testdata/multiple_versions/common.go: types shared by two API
// versions, in a folder that is no API (no +groupName).

export interface InnerStruct {
  foo?: string;
}

export interface OuterStruct {
  // +structType=atomic
  struct?: InnerStruct;
}
