// Package v1alpha1 contains API Schema definitions for the cache v1alpha1 API group.
// Every type in this folder belongs to the group and version below; `npm run manifests` reads the marker.
// +groupName=cache.example.com

/** GroupVersion is the API group and version of the types in this folder. */
export const GroupVersion = { group: 'cache.example.com', version: 'v1alpha1' } as const;
