// +kubebuilder:rbac:groups=test.example.com,resources=widgets,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=test.example.com,resources=widgets/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=test.example.com,resources=widgets/finalizers,verbs=update
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch
// +kubebuilder:rbac:groups=apps,resources=statefulsets,verbs=get;list;watch
// +kubebuilder:rbac:groups=core,resources=pods,verbs=get;list
// +kubebuilder:rbac:groups="",resources=events,verbs=create;patch
// +kubebuilder:rbac:groups=events.k8s.io,resources=events,verbs=create;patch
// +kubebuilder:rbac:groups=coordination.k8s.io,resources=leases,verbs=*
// +kubebuilder:rbac:urls=/metrics,verbs=get
// +kubebuilder:rbac:groups="",resources=configmaps,verbs=get,namespace=system
// +kubebuilder:rbac:groups="",resources=secrets,resourceNames=tls,verbs=get,namespace=system
export class WidgetReconciler {
  // +kubebuilder:rbac:groups=apps,resources=deployments,verbs=create;delete
  reconcile(): void {}
}
