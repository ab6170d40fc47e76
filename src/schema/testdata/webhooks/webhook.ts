// +kubebuilder:webhook:path=/mutate-test-example-com-v1-widget,mutating=true,failurePolicy=fail,sideEffects=None,groups=test.example.com,resources=widgets,verbs=create;update,versions=v1,name=mwidget-v1.kb.io,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/validate-test-example-com-v1-widget,mutating=false,failurePolicy=Ignore,sideEffects=NoneOnDryRun,groups=test.example.com,resources=widgets,verbs=create;update;delete,versions=v1,name=vwidget-v1.kb.io,admissionReviewVersions=v1,timeoutSeconds=5,matchPolicy=Equivalent
// +kubebuilder:webhook:url=https://hooks.example.com/validate,mutating=false,failurePolicy=fail,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,name=apod.example.com,admissionReviewVersions=v1;v1beta1
// +kubebuilder:webhook:path=/mutate-pods,mutating=true,failurePolicy=fail,sideEffects=None,groups="",resources=pods,verbs=create,versions=v1,name=mpod.example.com,admissionReviewVersions=v1,reinvocationPolicy=IfNeeded,serviceName=hooks,serviceNamespace=infra,servicePort=8443
// +kubebuilder:webhookconfiguration:mutating=true,name=widget-mutating
export const x = 1;
