// +kubebuilder:webhook:path=/validate,mutating=false,failurePolicy=sometimes,sideEffects=Some,groups=apps,resources=deployments,verbs=create,versions=v1,name=v.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/v2,url=https://x.example.com,mutating=false,failurePolicy=fail,sideEffects=Some,groups=apps,resources=deployments,verbs=create,versions=v1,name=short,admissionReviewVersions=v1
export {};
