/*
Copyright The webapp-operator Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

// Package v1alpha1 contains API Schema definitions for the web v1alpha1 API group.
// Every type in this folder belongs to the group and version below; `npm run manifests` reads the marker.
// +groupName=web.example.com

/** GroupVersion is the API group and version of the types in this folder. */
export const GroupVersion = { group: 'web.example.com', version: 'v1alpha1' } as const;
