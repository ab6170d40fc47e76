// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

/** Base holds the common fields. */
export class Base {
  /** name of it. */
  name!: string;
  /** mode of it; Sized narrows it. */
  mode?: string;
  /** secret is an ES private field: JSON.stringify leaves it out. */
  #secret = 'hidden';
  /** counter is static: it belongs to the class, not to its values. */
  static counter = 0;
}

/** Sized extends Base, as a Go struct embeds another. */
export class Sized extends Base {
  /** mode of it, now one of two. */
  declare mode?: 'fast' | 'slow';
  /** size of it. */
  size?: int32;
  /** zone of it. */
  zone?: string;
}

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  sized?: Sized;
}

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
