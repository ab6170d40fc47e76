import type { MarkerDefinition } from '../markers/definition.js';
import type { MarkerRegistry } from '../markers/registry.js';

// controller-gen's object (DeepCopy) and applyconfiguration generators read these markers
// (controller-tools pkg/deepcopy/gen.go, pkg/applyconfiguration/gen.go). operator-ts' code generator
// writes neither kind of code: it accepts the markers so projects moved from Go keep them without error.

/** CODEGEN_MARKERS are the markers of Go code generators that operator-ts accepts and leaves without effect. */
export const CODEGEN_MARKERS: readonly MarkerDefinition[] = [
  {
    name: 'kubebuilder:object:generate',
    targets: ['package', 'type'],
    value: 'bool',
    help: 'Accepted for compatibility; operator-ts generates no DeepCopy code.',
    example: '+kubebuilder:object:generate=true',
  },
  {
    name: 'kubebuilder:ac:generate',
    targets: ['package', 'type'],
    value: 'bool',
    help: 'Accepted for compatibility; no apply configurations are generated.',
    example: '+kubebuilder:ac:generate=false',
  },
  {
    name: 'kubebuilder:ac:output:package',
    targets: ['package'],
    value: 'string',
    help: 'Accepted for compatibility; no apply configurations are generated.',
    example: '+kubebuilder:ac:output:package=ac',
  },
];

/** registerCodegenMarkers adds the markers of the code generator to a registry. */
export function registerCodegenMarkers(into: MarkerRegistry): MarkerRegistry {
  return into.register(...CODEGEN_MARKERS);
}
