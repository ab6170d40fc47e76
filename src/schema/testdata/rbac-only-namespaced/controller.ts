// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list,namespace=team-a
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list,namespace=team-b
// +kubebuilder:rbac:groups="",resources=pods,verbs=get,roleName=reader
export {};
