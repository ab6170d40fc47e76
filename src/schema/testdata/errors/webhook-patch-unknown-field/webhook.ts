// +kubebuilder:webhook:path=/mutate-v1-gizmo,mutating=true,failurePolicy=fail,sideEffects=None,groups=test.example.com,resources=gizmos,verbs=create,versions=v1,name=mgizmo-v1.kb.io,admissionReviewVersions=v1,patch=`{"namespaceSelecter":{}}`
// +kubebuilder:webhook:path=/validate-v1-gizmo,mutating=false,failurePolicy=fail,sideEffects=None,groups=test.example.com,resources=gizmos,verbs=create,versions=v1,name=vgizmo-v1.kb.io,admissionReviewVersions=v1,patch=`{"reinvocationPolicy":"IfNeeded","rules":{"operations":["CREATE"]}}`
export {};
