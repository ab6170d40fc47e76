// +kubebuilder:rbac:groups=apps,resources=deployments
export {};
