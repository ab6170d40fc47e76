import { flectPluralize, goLower } from './flect.js';

export { flectPluralize, flectSingularize } from './flect.js';

/**
 * regularPlural is the resource plural kubebuilder derives for a kind (pkg/model/resource/utils.go
 * RegularPlural: flect.Pluralize of the lower-cased kind). operator-ts records it in PROJECT and uses it in
 * the RBAC and webhook markers it scaffolds.
 */
export function regularPlural(kind: string): string {
  return flectPluralize(goLower(kind));
}

/**
 * crdPluralOf is the plural controller-gen gives a CRD without `+kubebuilder:resource:path`
 * (pkg/crd/spec.go: the lower-cased flect.Pluralize of the kind). It differs from {@link regularPlural}
 * for a few kinds (`PodAlias`: `podaliases` against `podalias`), which is why `create api` pins such a
 * kind's plural with a `path=` marker.
 */
export function crdPluralOf(kind: string): string {
  return goLower(flectPluralize(kind));
}
