import { clone, compareStrings, nameOf, type Obj } from '../model/objects.js';

/**
 * buildAlmExamples renders the sample custom resources as the `alm-examples` annotation: a JSON array
 * (2-space indent) sorted by apiVersion, kind, then name, so re-runs are byte-identical whatever order
 * kustomize emits them in. Samples are copied without metadata.namespace (OLM creates them in the
 * namespace the user picks).
 */
export function buildAlmExamples(samples: readonly Obj[]): string {
  const sorted = [...samples]
    .map((s) => {
      const copy = clone(s);
      if (copy.metadata !== undefined) delete copy.metadata.namespace;
      return copy;
    })
    .sort(
      (a, b) =>
        compareStrings(String(a.apiVersion), String(b.apiVersion)) ||
        compareStrings(String(a.kind), String(b.kind)) ||
        compareStrings(nameOf(a), nameOf(b)),
    );
  return JSON.stringify(sorted, null, 2);
}
