/**
 * Field shapes of admissionregistration.k8s.io/v1 MutatingWebhook and ValidatingWebhook, as far as a
 * patch may touch them: `scalar`, a list of scalars, an object with known fields, a list of such objects,
 * or a string map (label selectors).
 */
type Shape = 'scalar' | 'scalars' | 'stringMap' | { fields: Readonly<Record<string, Shape>>; list?: true };

const SELECTOR: Shape = {
  fields: {
    matchLabels: 'stringMap',
    matchExpressions: { list: true, fields: { key: 'scalar', operator: 'scalar', values: 'scalars' } },
  },
};

const WEBHOOK_FIELDS: Readonly<Record<string, Shape>> = {
  name: 'scalar',
  clientConfig: {
    fields: {
      url: 'scalar',
      caBundle: 'scalar',
      service: { fields: { namespace: 'scalar', name: 'scalar', path: 'scalar', port: 'scalar' } },
    },
  },
  rules: {
    list: true,
    fields: {
      operations: 'scalars',
      apiGroups: 'scalars',
      apiVersions: 'scalars',
      resources: 'scalars',
      scope: 'scalar',
    },
  },
  failurePolicy: 'scalar',
  matchPolicy: 'scalar',
  namespaceSelector: SELECTOR,
  objectSelector: SELECTOR,
  sideEffects: 'scalar',
  timeoutSeconds: 'scalar',
  admissionReviewVersions: 'scalars',
  matchConditions: { list: true, fields: { name: 'scalar', expression: 'scalar' } },
};

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** checkShape returns why a patch value does not fit the field shape at path, or undefined. */
function checkShape(value: unknown, shape: Shape, path: string): string | undefined {
  if (value === null) return undefined;
  if (shape === 'scalar')
    return isObject(value) || Array.isArray(value)
      ? `${path} is a single value, not ${Array.isArray(value) ? 'a list' : 'an object'}`
      : undefined;
  if (shape === 'scalars')
    return Array.isArray(value) && value.every((v) => !isObject(v) && !Array.isArray(v))
      ? undefined
      : `${path} is a list of values`;
  if (shape === 'stringMap')
    return isObject(value) && Object.values(value).every((v) => v === null || typeof v === 'string')
      ? undefined
      : `${path} is a map of strings`;
  if (shape.list === true) {
    if (!Array.isArray(value)) return `${path} is a list of objects`;
    for (const [i, item] of value.entries()) {
      const bad = isObject(item) ? checkFields(item, shape.fields, `${path}[${i}]`) : `${path}[${i}] is an object`;
      if (bad !== undefined) return bad;
    }
    return undefined;
  }
  return isObject(value) ? checkFields(value, shape.fields, path) : `${path} is an object`;
}

function checkFields(value: Json, fields: Readonly<Record<string, Shape>>, path: string): string | undefined {
  for (const [key, v] of Object.entries(value)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (key.startsWith('$')) return `${at}: strategic merge patch directives are not supported`;
    const shape = fields[key];
    if (shape === undefined) return `unknown field ${JSON.stringify(at)}`;
    const bad = checkShape(v, shape, at);
    if (bad !== undefined) return bad;
  }
  return undefined;
}

/** merge applies a patch object: objects merge key by key, null removes a key, lists and values replace. */
function merge(target: Json, patch: Json): Json {
  const out: Json = { ...target };
  for (const [key, v] of Object.entries(patch)) {
    if (v === null) delete out[key];
    else if (isObject(v) && isObject(out[key])) out[key] = merge(out[key], v);
    else out[key] = structuredClone(v);
  }
  return out;
}

/**
 * applyWebhookPatch applies the `patch` argument of a `+kubebuilder:webhook` marker to the webhook it
 * generated, as controller-gen does (pkg/webhook/parser.go applyPatch): a JSON object, every field checked
 * against the webhook's API type, objects merged, `null` removing a field, lists replaced (the generated
 * webhook has no matchConditions to merge with). Strategic-merge directives (`$patch`, `$retainKeys`...)
 * are refused. It returns the patched webhook, or why the patch is invalid.
 */
export function applyWebhookPatch(
  webhook: Json,
  patchText: string,
  mutating: boolean,
): { webhook: Json } | { error: string } {
  let patch: unknown;
  try {
    patch = JSON.parse(patchText);
  } catch (err) {
    return { error: `patch is not JSON: ${(err as Error).message}` };
  }
  if (!isObject(patch)) return { error: 'patch must be a JSON object of webhook fields' };
  const fields = mutating ? { ...WEBHOOK_FIELDS, reinvocationPolicy: 'scalar' as const } : WEBHOOK_FIELDS;
  const bad = checkFields(patch, fields, '');
  return bad !== undefined ? { error: bad } : { webhook: merge(webhook, patch) };
}
