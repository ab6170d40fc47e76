// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';

/** Tree instantiates itself with a new argument at every level, without end. */
export interface Tree<T> {
  value?: T;
  children?: Tree<T[]>[];
}

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: Tree<string>;
}
