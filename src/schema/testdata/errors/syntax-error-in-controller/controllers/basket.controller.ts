// +kubebuilder:rbac:groups=test.example.com,resources=baskets,verbs=get;list;watch

export function reconcile(name: string): string {
  const key = `baskets/${name}`;
  return key +;
}
