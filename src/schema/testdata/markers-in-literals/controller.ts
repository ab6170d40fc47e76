import type { Basket } from './types.js';

/** keyOf builds a cache key with a template literal holding an expression. */
export function keyOf(b: Basket): string {
  return `${b.metadata?.namespace ?? ''}/${b.metadata?.name ?? ''}`;
}

// +kubebuilder:rbac:groups=test.example.com,resources=baskets,verbs=get;list;watch;update;patch
// +kubebuilder:rbac:groups=test.example.com,resources=baskets/status,verbs=get;update;patch

const QUOTE = /'/;
const FAKE = "// +kubebuilder:rbac:groups=evil.example.com,resources=everything,verbs=*";
const FAKE_BLOCK = `/* +kubebuilder:rbac:groups=evil.example.com,resources=blocks,verbs=* */`;

/** finalizerOf uses a regex with a slash and a quote. */
export function finalizerOf(name: string): string {
  return name.replace(/[/'"]/g, '-') + String(QUOTE) + FAKE.length + FAKE_BLOCK.length;
}

/**
 * BasketReconciler reconciles baskets.
 * +kubebuilder:rbac:groups="",resources=events,verbs=create;patch
 */
export class BasketReconciler {
  // +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch
  async reconcile(b: Basket): Promise<string> {
    const msg = `reconciled ${keyOf(b)} at ${`${Date.now()}`}`;
    return msg;
  }
  // +kubebuilder:rbac:groups=coordination.k8s.io,resources=leases,verbs=get;create;update
}
