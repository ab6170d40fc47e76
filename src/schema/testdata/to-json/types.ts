// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int64 } from 'operator-ts/types';

/** Link extends the built-in URL, which JSON.stringify writes through URL's toJSON() as a string. */
export class Link extends URL {}

/** Millis is a class whose toJSON() writes a number of milliseconds. */
export class Millis {
  #at = new Date(0);

  toJSON(): int64 {
    return this.#at.getTime();
  }
}

/** Span is written as an object of its own, whatever fields it keeps. */
export class Span {
  start = 0;

  toJSON(): { from: int64; to?: int64 } {
    return { from: this.start };
  }
}

/** Stamp is an interface whose values write themselves as strings. */
export interface Stamp {
  toJSON(): string;
}

/** WidgetSpec holds values that serialize through toJSON(). */
export interface WidgetSpec {
  /** home is a built-in URL. */
  home?: URL;
  /** link is a class extending URL. */
  link?: Link;
  /** elapsed is written as milliseconds. */
  elapsed?: Millis;
  /** span is written as an object. */
  span?: Span;
  /** stamp is written as a string. */
  stamp?: Stamp;
}

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
