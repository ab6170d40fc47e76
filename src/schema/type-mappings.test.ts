import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runGenerate } from '../generate/run.js';
import { conditionSchema } from './known-types.js';
import { TYPE_MAPPINGS, TYPE_MAPPING_PRELUDE } from './type-mappings.js';

// Every row of the type-mapping table of REFERENCE.md is checked against the generator: the project is
// written inside the repository (.work/ is git-ignored) so that @kubernetes/client-node and
// operator-ts/types resolve as in a real project.
const work = join(fileURLToPath(new URL('../../.work/', import.meta.url)));
mkdirSync(work, { recursive: true });
const dir = mkdtempSync(join(work, 'type-mappings-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function withoutDescriptions(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutDescriptions);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([k]) => k !== 'description')
      .map(([k, x]) => [k, withoutDescriptions(x)]),
  );
}

function source(fields: string[]): string {
  return `// +groupName=test.example.com
// +versionName=v1
${TYPE_MAPPING_PRELUDE}
import type { V1ObjectMeta } from '@kubernetes/client-node';

/** WidgetSpec has one field per mapping. */
export interface WidgetSpec {
${fields.join('\n')}
}

// +kubebuilder:object:root=true
/** Widget is the root kind. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
`;
}

describe('type mapping table', () => {
  const accepted = TYPE_MAPPINGS.map((t, i) => ({ ...t, field: `f${i}` })).filter((t) => t.schema !== undefined);
  const rejected = TYPE_MAPPINGS.map((t, i) => ({ ...t, field: `f${i}` })).filter((t) => t.schema === undefined);

  it('gives every accepted type the documented schema', () => {
    const caseDir = join(dir, 'accepted');
    mkdirSync(caseDir);
    writeFileSync(join(caseDir, 'types.ts'), source(accepted.map((t) => `  ${t.field}?: ${t.ts};`)));
    const result = runGenerate({ root: caseDir, paths: ['*.ts'], generators: ['crd'] });
    expect(result.diagnostics.map((d) => d.message)).toEqual([]);
    const crd = parse([...result.files.values()][0] as string) as {
      spec: {
        versions: { schema: { openAPIV3Schema: { properties: { spec: { properties: Record<string, unknown> } } } } }[];
      };
    };
    const props = crd.spec.versions[0]?.schema.openAPIV3Schema.properties.spec.properties ?? {};
    for (const t of accepted) {
      const want =
        (t.schema as { items?: { $ref?: string } }).items?.$ref === 'metav1.Condition'
          ? { items: conditionSchema(), type: 'array' }
          : t.schema;
      expect(withoutDescriptions(props[t.field]), t.ts).toEqual(withoutDescriptions(want));
    }
  }, 120_000);

  it('rejects every type documented as rejected, at the field', () => {
    const caseDir = join(dir, 'rejected');
    mkdirSync(caseDir);
    const text = source(rejected.map((t) => `  ${t.field}?: ${t.ts};`));
    writeFileSync(join(caseDir, 'types.ts'), text);
    const result = runGenerate({ root: caseDir, paths: ['*.ts'], generators: ['crd'] });
    const lines = text.split('\n');
    for (const t of rejected) {
      const line = lines.findIndex((l) => l.startsWith(`  ${t.field}?:`)) + 1;
      expect(
        result.diagnostics.some((d) => d.line === line),
        `${t.ts} is rejected`,
      ).toBe(true);
    }
  }, 120_000);
});
