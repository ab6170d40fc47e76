import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SourceFile, ts as TsTypes } from 'ts-morph';
import { Node, ts } from './ts-morph.js';

/** CLIENT_NODE is the module whose declarations dominate load time (2,700 model files behind one index). */
export const CLIENT_NODE = '@kubernetes/client-node';

/** SHIM_NAME is the in-memory declaration file that replaces client-node's index for the generator. */
export const SHIM_NAME = 'operator-ts-generate-shim.d.ts';

/** NOT_MODELS are declaration files of client-node's models folder that declare no model. */
const NOT_MODELS = new Set(['ObjectSerializer.d.ts', 'all.d.ts']);

/**
 * importedClientNodeNames lists the names the files import from @kubernetes/client-node, or undefined when
 * a namespace/default import or re-export needs the whole module.
 */
export function importedClientNodeNames(files: readonly SourceFile[]): Set<string> | undefined {
  const names = new Set<string>();
  for (const sf of files) {
    for (const stmt of sf.getStatements()) {
      if (Node.isExportDeclaration(stmt) && stmt.getModuleSpecifierValue() === CLIENT_NODE) return undefined;
      if (!Node.isImportDeclaration(stmt) || stmt.getModuleSpecifierValue() !== CLIENT_NODE) continue;
      if (stmt.getNamespaceImport() !== undefined || stmt.getDefaultImport() !== undefined) return undefined;
      for (const n of stmt.getNamedImports()) names.add(n.getName());
    }
  }
  return names;
}

/**
 * shimText declares the imported names without their members: the generator takes a model's schema from
 * Kubernetes' own (src/schema/k8s-models), so it only needs to know which model a reference names, and
 * none of client-node's declaration files is read. A name with a model file is a class of that name
 * (client-node's models are classes), even of an API version Kubernetes no longer serves, so that its use
 * is reported where it is. Other names (KubeConfig, ...) only matter to controllers, read for markers: they become
 * `any`. Without a list of names (a namespace import) every model is declared.
 */
export function shimText(distDir: string, names: ReadonlySet<string> | undefined): string {
  const lines: string[] = [
    '// Generated in memory by operator-ts generate: the names of @kubernetes/client-node, without members.',
    'export type IntOrString = number | string;',
  ];
  const models = join(distDir, 'gen', 'models');
  const all =
    names ??
    new Set(
      readdirSync(models)
        .filter((f) => f.endsWith('.d.ts') && !NOT_MODELS.has(f))
        .map((f) => f.slice(0, -'.d.ts'.length)),
    );
  for (const name of [...all].sort()) {
    if (name === 'IntOrString') continue;
    if (existsSync(join(models, `${name}.d.ts`))) lines.push(`export declare class ${name} {}`);
    else lines.push(`export type ${name} = any;`, `export declare const ${name}: any;`);
  }
  return `${lines.join('\n')}\n`;
}

/** clientNodeDistDir resolves the client-node declaration directory as seen from a file. */
export function clientNodeDistDir(
  containingFile: string,
  options: TsTypes.CompilerOptions,
  host: TsTypes.ModuleResolutionHost,
): string | undefined {
  const r = ts.resolveModuleName(CLIENT_NODE, containingFile, options, host).resolvedModule;
  return r === undefined ? undefined : dirname(r.resolvedFileName);
}
