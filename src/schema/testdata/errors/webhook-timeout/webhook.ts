// +kubebuilder:webhook:path=/validate,mutating=false,failurePolicy=fail,sideEffects=None,timeoutSeconds=45,groups=apps,resources=deployments,verbs=create,versions=v1,name=v.example.com,admissionReviewVersions=v1
export {};
