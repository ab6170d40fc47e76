// +kubebuilder:webhook:path=/mutate,mutating=true,failurePolicy=fail,groups=apps,resources=deployments,verbs=create,versions=v1,name=m.example.com,admissionReviewVersions=v1
export {};
