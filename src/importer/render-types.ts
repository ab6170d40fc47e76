import type { DeclPlan, TypePlan } from './type-plan.js';

type Compile = (typeof import('json-schema-to-typescript'))['compile'];

let compiler: Compile | undefined;

/** loadCompiler loads json-schema-to-typescript (and prettier with it) on first use: only `import crd` needs them. */
async function loadCompiler(): Promise<Compile> {
  compiler ??= (await import('json-schema-to-typescript')).compile;
  return compiler;
}

const OPTIONS = {
  bannerComment: '',
  additionalProperties: false,
  declareExternallyReferenced: false,
  ignoreMinAndMaxItems: true,
  strictIndexSignatures: false,
  unknownAny: true,
  format: true,
  style: { singleQuote: true, printWidth: 140, trailingComma: 'all', semi: true, tabWidth: 2 },
} as const;

const IMPORTS: readonly { from: string; names: readonly string[] }[] = [
  { from: '@kubernetes/client-node', names: ['V1ObjectMeta'] },
  { from: 'operator-ts/runtime', names: ['Condition'] },
  {
    from: 'operator-ts/types',
    names: ['Bytes', 'IntOrString', 'JSONValue', 'Quantity', 'RawExtension', 'Time', 'float64', 'int32', 'int64'],
  },
];

function declSchema(d: DeclPlan): Record<string, unknown> {
  const description = d.doc.length > 0 ? { description: d.doc.join('\n') } : {};
  if (d.kind === 'alias') return { title: d.name, ...structuredClone(d.fragment), ...description };
  return {
    title: d.name,
    type: 'object',
    additionalProperties: false,
    ...description,
    properties: Object.fromEntries(
      d.properties.map((p) => [
        p.name,
        { ...structuredClone(p.fragment), ...(p.doc.length > 0 ? { description: p.doc.join('\n') } : {}) },
      ]),
    ),
    required: d.properties.filter((p) => p.required).map((p) => p.name),
  };
}

/**
 * renderTypes writes a types file: the header, the imports the plan uses, then every declaration,
 * each compiled by json-schema-to-typescript from a schema prepared for it (leaves typed with `tsType`,
 * docs and markers as descriptions) and formatted the same way every time.
 */
export async function renderTypes(plan: TypePlan, header: string): Promise<string> {
  const compile = await loadCompiler();
  const parts: string[] = [header, ''];
  for (const imp of IMPORTS) {
    const names = imp.names.filter((n) => plan.uses.has(n));
    if (names.length > 0) parts.push(`import type { ${names.join(', ')} } from '${imp.from}';`);
  }
  for (const d of plan.decls) {
    const text = await compile(declSchema(d), d.name, OPTIONS);
    parts.push('', text.trim());
  }
  return `${parts.join('\n')}\n`;
}
