import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Obj } from '../model/objects.js';
import { parseManifestStream } from '../model/yaml-input.js';
import type { BundleOptions } from '../bundle/build-bundle.js';

/** FIXTURE_DIR holds the memcached-operator test inputs (kustomize output, base CSV, golden bundle). */
export const FIXTURE_DIR = fileURLToPath(new URL('./memcached/', import.meta.url));

/** fixtureManifests parses the memcached-operator `kubectl kustomize config/manifests` output (without the base CSV). */
export function fixtureManifests(): Obj[] {
  return parseManifestStream(readFileSync(`${FIXTURE_DIR}kustomize-output.yaml`, 'utf8'), 'kustomize-output.yaml').map((d) => d.obj);
}

/** fixtureBaseCsv parses the memcached-operator base CSV. */
export function fixtureBaseCsv(): Obj {
  const doc = parseManifestStream(readFileSync(`${FIXTURE_DIR}base.clusterserviceversion.yaml`, 'utf8'), 'base')[0];
  if (doc === undefined) throw new Error('fixture base CSV is empty');
  return doc.obj;
}

/** FIXTURE_OPTIONS are the generate-bundle options of the golden bundle. */
export const FIXTURE_OPTIONS: BundleOptions = {
  packageName: 'memcached-operator',
  version: '0.1.0',
  channels: ['stable'],
  defaultChannel: 'stable',
  builder: 'operator-ts-v0.1.0',
  projectLayout: 'typescript.operator-ts.io/v1',
};
