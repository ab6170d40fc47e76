// +groupName=test.example.com
// +versionName=v1
// Webhooks customised with controller-gen's patch argument.
// +kubebuilder:webhook:path=/mutate-v1-widget,mutating=true,failurePolicy=fail,sideEffects=None,groups=test.example.com,resources=widgets,verbs=create;update,versions=v1,name=mwidget-v1.kb.io,admissionReviewVersions=v1,timeoutSeconds=5,patch=`{"namespaceSelector":{"matchLabels":{"webhook-enabled":"true"}},"timeoutSeconds":null}`
// +kubebuilder:webhook:path=/validate-v1-widget,mutating=false,failurePolicy=fail,sideEffects=None,groups=test.example.com,resources=widgets,verbs=create,versions=v1,name=vwidget-v1.kb.io,admissionReviewVersions=v1,patch=`{"objectSelector":{"matchExpressions":[{"key":"tier","operator":"In","values":["frontend","backend"]}]},"matchConditions":[{"name":"not-system","expression":"!request.userInfo.username.startsWith('system:')"}],"rules":[{"operations":["CREATE"],"apiGroups":["test.example.com"],"apiVersions":["v1"],"resources":["widgets","widgets/status"]}],"clientConfig":{"service":{"port":9443}}}`
export {};
