import { asObjArray, compareStrings, isObj, type Obj } from '../model/objects.js';

/** DigestResolver returns the `sha256:...` manifest digest of an image reference. */
export type DigestResolver = (ref: string) => Promise<string>;

/** withDigest rewrites `repo[:tag][@digest]` to `repo@digest`. */
export function withDigest(ref: string, digest: string): string {
  const at = ref.indexOf('@');
  const name = at >= 0 ? ref.slice(0, at) : ref;
  const lastSlash = name.lastIndexOf('/');
  const colon = name.lastIndexOf(':');
  const repo = colon > lastSlash ? name.slice(0, colon) : name;
  return `${repo}@${digest}`;
}

const isPinned = (ref: string): boolean => /@sha256:[0-9a-f]{64}$/.test(ref);

/**
 * pinImageDigests replaces image tags with digests in a CSV, like operator-sdk's --use-image-digests:
 * container and init container images, RELATED_IMAGE_* env values, spec.relatedImages and the
 * containerImage annotation. Each distinct reference is resolved once; already pinned ones are kept.
 * Returns a new CSV; the input is not changed.
 */
export async function pinImageDigests(csv: Obj, resolve: DigestResolver): Promise<Obj> {
  const out: Obj = structuredClone(csv);
  const cache = new Map<string, Promise<string>>();
  const pin = async (ref: string): Promise<string> => {
    if (isPinned(ref)) return ref;
    let p = cache.get(ref);
    if (p === undefined) {
      p = resolve(ref).then((digest) => withDigest(ref, digest));
      cache.set(ref, p);
    }
    return p;
  };
  for (const d of asObjArray(out.spec?.install?.spec?.deployments)) {
    const podSpec: Obj = d.spec?.template?.spec ?? {};
    for (const c of [...asObjArray(podSpec.initContainers), ...asObjArray(podSpec.containers)]) {
      if (typeof c.image === 'string' && c.image !== '') c.image = await pin(c.image);
      for (const env of asObjArray(c.env)) {
        if (String(env.name ?? '').startsWith('RELATED_IMAGE_') && typeof env.value === 'string' && env.value !== '')
          env.value = await pin(env.value);
      }
    }
  }
  const annotations: Obj | undefined = isObj(out.metadata?.annotations) ? out.metadata.annotations : undefined;
  if (typeof annotations?.containerImage === 'string' && annotations.containerImage !== '')
    annotations.containerImage = await pin(annotations.containerImage);
  if (Array.isArray(out.spec?.relatedImages)) {
    const seen = new Map<string, Obj>();
    for (const r of asObjArray(out.spec.relatedImages)) {
      const image = await pin(String(r.image));
      if (!seen.has(image)) seen.set(image, { image, name: r.name });
    }
    out.spec.relatedImages = [...seen.values()].sort((a, b) => compareStrings(String(a.name), String(b.name)));
  }
  return out;
}
