// +kubebuilder:rbca:groups=apps,resources=deployments,verbs=get
export {};
