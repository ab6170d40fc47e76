// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

/** URL3 is a string, as controller-tools' cronjob fixture declares it. */
export type URL3 = string;

/** Endpoint names URL3 again: a chain of aliases. */
export type Endpoint = URL3;

/** Tier is a string enum. */
export enum Tier {
  Gold = 'gold',
  Silver = 'silver',
}

/** Zone is a union of string literals. */
export type Zone = 'east' | 'west';

/** WidgetSpec has maps keyed by string aliases. */
export interface WidgetSpec {
  /** mapOfTextMarshalerKeys is keyed by an alias of string. */
  mapOfTextMarshalerKeys?: Record<URL3, string>;
  /** byEndpoint is keyed by an alias of an alias of string. */
  byEndpoint?: Record<Endpoint, int32>;
  /** byTier is keyed by a string enum. */
  byTier?: Record<Tier, string>;
  /** byZone is keyed by a union of string literals. */
  byZone?: { [zone in Zone]?: int32 };
}

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
