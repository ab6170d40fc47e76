import { UserError } from '../../../errors/user-error.js';
import { asObjArray, compareStrings, describeObject, nameOf, type Obj } from '../model/objects.js';

/** RelatedImage is one CSV `spec.relatedImages[]` entry. */
export interface RelatedImage {
  name: string;
  image: string;
}

/**
 * buildRelatedImages lists the images the operator needs for disconnected installs: every container and
 * init container image of the Deployments (named after the container) and every `RELATED_IMAGE_<X>` env
 * var (named `<x>` lower-cased with `_` -> `-`). Unlike operator-sdk (issues #6590, #6923):
 * - base entries are kept (a generated entry with the same name wins);
 * - the same image under several names is listed once under its first name, never with an empty name
 *   (an empty name violates OLM's schema);
 * - the same name with different images gets a `<deployment>-<container>-` prefix.
 * Result sorted by name.
 */
export function buildRelatedImages(
  deployments: readonly Obj[],
  base: readonly Obj[],
  warnings: string[],
): RelatedImage[] {
  const found: { name: string; image: string; owner: string }[] = [];
  for (const d of deployments) {
    const podSpec: Obj = d.spec?.template?.spec ?? {};
    for (const container of [...asObjArray(podSpec.initContainers), ...asObjArray(podSpec.containers)]) {
      const owner = `${nameOf(d)}-${String(container.name)}`;
      if (typeof container.image === 'string' && container.image !== '') {
        found.push({ name: String(container.name), image: container.image, owner });
      }
      for (const env of asObjArray(container.env)) {
        const envName = String(env.name ?? '');
        if (!envName.startsWith('RELATED_IMAGE_')) continue;
        if (env.valueFrom !== undefined || typeof env.value !== 'string' || env.value === '') {
          throw new UserError(
            `${describeObject(d)} container "${String(container.name)}": env ${envName} must have a literal image value`,
            {
              hint: 'RELATED_IMAGE_* variables feed spec.relatedImages and must be set with `value: <image>`, not valueFrom',
            },
          );
        }
        found.push({
          name: envName.slice('RELATED_IMAGE_'.length).toLowerCase().replaceAll('_', '-'),
          image: env.value,
          owner,
        });
      }
    }
  }
  const byName = new Map<string, string>();
  const nameOfImage = new Map<string, string>();
  const clashes = new Set(
    found.filter((f) => found.some((g) => g.name === f.name && g.image !== f.image)).map((f) => f.name),
  );
  for (const f of found) {
    const name = clashes.has(f.name) ? `${f.owner}-${f.name}` : f.name;
    const known = nameOfImage.get(f.image);
    if (known !== undefined) {
      if (known !== name)
        warnings.push(`related image ${f.image} is referenced as "${known}" and "${name}"; listed once as "${known}"`);
      continue;
    }
    nameOfImage.set(f.image, name);
    byName.set(name, f.image);
  }
  for (const entry of base) {
    const name = String(entry.name ?? '');
    const image = String(entry.image ?? '');
    if (name === '' || image === '' || byName.has(name) || nameOfImage.has(image)) continue;
    byName.set(name, image);
    nameOfImage.set(image, name);
  }
  return [...byName.entries()].sort(([a], [b]) => compareStrings(a, b)).map(([name, image]) => ({ name, image }));
}
