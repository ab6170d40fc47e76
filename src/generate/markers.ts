import { registerCsvMarkers } from '../manifests/olm/csv/csv-marker.js';
import { registerRbacMarkers } from '../manifests/rbac-markers.js';
import { registerWebhookMarkers } from '../manifests/webhook-markers.js';
import { MarkerRegistry } from '../markers/registry.js';
import { registerSchemaMarkers } from '../schema/markers/register.js';
import { registerCodegenMarkers } from './codegen-markers.js';

/**
 * operatorTsMarkers is a registry of every marker of every generator (CRD schemas, code, RBAC, webhooks,
 * OLM CSV descriptors), as controller-gen registers the markers of all its generators in one registry
 * before it reads a file (controller-tools pkg/genall/genall.go). One registry for all of them makes a
 * marker read by one generator known to the others, rather than a typo.
 */
export function operatorTsMarkers(): MarkerRegistry {
  const registry = new MarkerRegistry();
  for (const register of [
    registerSchemaMarkers,
    registerCodegenMarkers,
    registerRbacMarkers,
    registerWebhookMarkers,
    registerCsvMarkers,
  ])
    register(registry);
  return registry;
}
