import type { KubernetesObject } from '../resource.js';

// Test support for the stub API server (stub-apiserver.ts).

/**
 * fieldFilter compiles a field selector over the two fields every kind serves (`metadata.name`,
 * `metadata.namespace`; `=`, `==`, `!=`), or returns the message kube-apiserver 1.37 gives
 * for any other field.
 */
export function fieldFilter(selector: string | null): ((o: KubernetesObject) => boolean) | string {
  if (selector === null || selector === '') return () => true;
  const terms: Array<{ field: 'name' | 'namespace'; value: string; negate: boolean }> = [];
  for (const term of selector.split(',')) {
    const m = /^([^=!]+)(==|=|!=)(.*)$/.exec(term);
    if (m === null) return `invalid selector: '${selector}'; can't understand '${term}'`;
    const field = m[1] === 'metadata.name' ? 'name' : m[1] === 'metadata.namespace' ? 'namespace' : undefined;
    if (field === undefined) return `"${m[1]}" is not a known field selector: only "metadata.name", "metadata.namespace"`;
    terms.push({ field, value: m[3] ?? '', negate: m[2] === '!=' });
  }
  return (o) => terms.every((t) => ((o.metadata?.[t.field] ?? '') === t.value) !== t.negate);
}
