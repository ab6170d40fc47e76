import type { OpenApiSchema } from './reshape.js';

function packageOf(definition: string): string {
  return definition.slice(0, definition.lastIndexOf('.'));
}

function isAtomic(s: OpenApiSchema | undefined): boolean {
  return s?.['x-kubernetes-map-type'] === 'atomic';
}

/**
 * embeddingAtomic finds the definitions that embed an atomic struct, which controller-gen writes atomic
 * too: it merges an embedded struct's schema, `x-kubernetes-map-type` included, into the embedding one
 * (`ConfigMapEnvSource` embeds `LocalObjectReference`, `+structType=atomic`), while openapi-gen only
 * inlines its fields. The OpenAPI shows such an embedding as the embedded struct's fields, schema and doc
 * alike; some types copy several fields of another with their docs (TypedObjectReference), so only an
 * atomic struct of one field, embedded in its own package, counts.
 */
export function embeddingAtomic(definitions: Readonly<Record<string, OpenApiSchema>>): Map<string, string> {
  const singles = Object.entries(definitions).filter(
    ([, s]) => isAtomic(s) && Object.keys(s.properties ?? {}).length === 1,
  );
  const out = new Map<string, string>();
  for (const [name, s] of Object.entries(definitions)) {
    const props = s.properties as Record<string, unknown> | undefined;
    if (props === undefined || isAtomic(s)) continue;
    for (const [atomic, a] of singles) {
      if (atomic === name || packageOf(atomic) !== packageOf(name)) continue;
      const [field, schema] = Object.entries(a.properties as Record<string, unknown>)[0] as [string, unknown];
      if (field in props && JSON.stringify(props[field]) === JSON.stringify(schema)) out.set(name, atomic);
    }
  }
  return out;
}
