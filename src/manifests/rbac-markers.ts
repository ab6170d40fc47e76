import type { MarkerDefinition } from '../markers/definition.js';
import type { MarkerRegistry } from '../markers/registry.js';

/**
 * RBAC_MARKER is `+kubebuilder:rbac`, one rule of the manager role, as controller-tools defines it in
 * pkg/rbac/parser.go (RuleMarker). {@link buildRbac} reads its values.
 */
export const RBAC_MARKER: MarkerDefinition = {
  name: 'kubebuilder:rbac',
  targets: ['package'],
  args: [
    { name: 'groups', type: 'stringList', optional: true },
    { name: 'resources', type: 'stringList', optional: true },
    { name: 'resourceNames', type: 'stringList', optional: true },
    { name: 'verbs', type: 'stringList' },
    { name: 'urls', type: 'stringList', optional: true },
    { name: 'namespace', type: 'string', optional: true },
    { name: 'roleName', type: 'string', optional: true },
  ],
  help: 'RBAC rule for the manager role; may stand anywhere in a file.',
  example: '+kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch',
};

/** registerRbacMarkers adds the markers of the RBAC generator to a registry (controller-tools' rbac.Generator.RegisterMarkers). */
export function registerRbacMarkers(into: MarkerRegistry): MarkerRegistry {
  return into.register(RBAC_MARKER);
}
