import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** NOT_MODELS are files of client-node's models folder that declare no model. */
const NOT_MODELS = new Set(['ObjectSerializer', 'all']);

/**
 * attributeNames reads the JSON property names of one model from its compiled file: client-node's
 * generator lists them in `<Model>.attributeTypeMap`, the table its serializer works from.
 */
export function attributeNames(jsText: string, model: string): string[] | undefined {
  const start = jsText.indexOf(`${model}.attributeTypeMap = [`);
  if (start < 0) return undefined;
  const open = jsText.indexOf('[', start);
  const close = jsText.indexOf('];', open);
  const list = JSON.parse(jsText.slice(open, close + 1)) as { baseName: string }[];
  return list.map((a) => a.baseName);
}

/**
 * readClientNodeModels lists the models of an installed @kubernetes/client-node (its `dist` folder) with
 * the JSON names of their properties; a model file of another layout is an error, not a silent gap.
 */
export function readClientNodeModels(distDir: string): Map<string, string[]> {
  const dir = join(distDir, 'gen', 'models');
  const out = new Map<string, string[]>();
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith('.js')) continue;
    const model = f.slice(0, -3);
    if (NOT_MODELS.has(model)) continue;
    const names = attributeNames(readFileSync(join(dir, f), 'utf8'), model);
    if (names === undefined)
      throw new Error(`${join(dir, f)} has no ${model}.attributeTypeMap: client-node's model layout changed`);
    out.set(model, names);
  }
  return out;
}
