// +kubebuilder:rbac:groups=apps,resources=deployments
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=GET
export {};
