import type { LocatedMarker } from '../../markers/collect.js';
import type { MarkerTarget } from '../../markers/definition.js';
import type { JSONSchemaProps } from '../json-schema.js';
import {
  applies,
  isObject,
  schemaMarker,
  type MarkerProblem,
  type SchemaMarker,
  type SchemaNode,
} from './schema-marker.js';

// The list and map topology markers, as controller-tools defines them in pkg/crd/markers/topology.go.

const TF: readonly MarkerTarget[] = ['type', 'field'];
const LIST_TYPES = ['atomic', 'set', 'map'] as const;
const MAP_TYPES = ['granular', 'atomic'] as const;

type Apply = (node: SchemaNode, value: unknown) => MarkerProblem | undefined;

function listType(name: string): Apply {
  return ({ schema: s }, value) =>
    applies(s.type === 'array', name, 'arrays', s, 'use +mapType/+structType on objects') ??
    void (s['x-kubernetes-list-type'] = value);
}

function listMapKey(name: string): Apply {
  return ({ schema: s }, value) => {
    const err = applies(s.type === 'array', name, 'arrays', s, 'use it with +listType=map on an array of objects');
    if (err !== undefined) return err;
    // A new list: a schema's arrays may be shared with other uses of its type.
    const keys = (s['x-kubernetes-list-map-keys'] as string[] | undefined) ?? [];
    s['x-kubernetes-list-map-keys'] = keys.includes(value as string) ? keys : [...keys, value as string];
    return undefined;
  };
}

/** mapKeysNeedMapList: list map keys mean nothing on a list that is not a map. */
function mapKeysNeedMapList(s: JSONSchemaProps, marker: LocatedMarker): MarkerProblem | undefined {
  if (s['x-kubernetes-list-map-keys'] === undefined || s['x-kubernetes-list-type'] === 'map') return undefined;
  return [`${marker.text} needs +listType=map`, 'add +listType=map to the same field or type'];
}

function mapType(name: 'mapType' | 'structType'): Apply {
  return ({ schema: s }, value) =>
    applies(isObject(s), name, name === 'mapType' ? 'maps' : 'objects', s, 'use +listType on arrays') ??
    void (s['x-kubernetes-map-type'] = value);
}

/** TOPOLOGY_MARKERS are listType, listMapKey, mapType and structType, with the k8s: spellings of the list ones. */
export const TOPOLOGY_MARKERS: readonly SchemaMarker[] = [
  schemaMarker({
    name: 'listType',
    targets: TF,
    value: 'string',
    valueOneOf: LIST_TYPES,
    priority: 9,
    help: 'x-kubernetes-list-type of an array.',
    example: '+listType=map',
    applyToSchema: listType('listType'),
  }),
  schemaMarker({
    name: 'k8s:listType',
    targets: TF,
    value: 'string',
    valueOneOf: LIST_TYPES,
    priority: 9,
    help: 'Alias of +listType.',
    example: '+k8s:listType=set',
    applyToSchema: listType('k8s:listType'),
  }),
  schemaMarker({
    name: 'listMapKey',
    targets: TF,
    value: 'string',
    help: 'Key field of a `listType=map` array; repeatable.',
    example: '+listMapKey=name',
    applyToSchema: listMapKey('listMapKey'),
    verify: mapKeysNeedMapList,
  }),
  schemaMarker({
    name: 'k8s:listMapKey',
    targets: TF,
    value: 'string',
    help: 'Alias of +listMapKey.',
    example: '+k8s:listMapKey=name',
    applyToSchema: listMapKey('k8s:listMapKey'),
    verify: mapKeysNeedMapList,
  }),
  schemaMarker({
    name: 'mapType',
    targets: TF,
    value: 'string',
    valueOneOf: MAP_TYPES,
    help: 'x-kubernetes-map-type of a map.',
    example: '+mapType=atomic',
    applyToSchema: mapType('mapType'),
  }),
  schemaMarker({
    name: 'structType',
    targets: TF,
    value: 'string',
    valueOneOf: MAP_TYPES,
    help: 'x-kubernetes-map-type of an object.',
    example: '+structType=atomic',
    applyToSchema: mapType('structType'),
  }),
];
