import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SourceFile, ts as TsTypes } from 'ts-morph';
import { Node, ts } from './ts-morph.js';

/** CLIENT_NODE is the module whose declarations dominate load time (2,700 model files behind one index). */
export const CLIENT_NODE = '@kubernetes/client-node';

/** SHIM_NAME is the in-memory declaration file that replaces client-node's index for the generator. */
export const SHIM_NAME = 'operator-ts-generate-shim.d.ts';

/** TYPES_SHIM_NAME is the in-memory stand-in for client-node's `types.d.ts` (which imports the whole API). */
export const TYPES_SHIM_NAME = 'operator-ts-generate-types-shim.d.ts';

/** TYPES_SHIM_TEXT declares what client-node's models import from `types.d.ts`. */
export const TYPES_SHIM_TEXT = '// Generated in memory by operator-ts generate.\nexport type IntOrString = number | string;\n';

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
 * shimText re-exports only the imported names from their model files, so the type checker loads the
 * models the API types use instead of the whole client. Names that are not models (KubeConfig, ...) only
 * matter to controllers, which the generator reads for markers, so they become `any`.
 */
export function shimText(distDir: string, names: ReadonlySet<string>): string {
  const lines: string[] = ['// Generated in memory by operator-ts generate: a narrow view of @kubernetes/client-node.'];
  for (const name of [...names].sort()) {
    if (name === 'IntOrString') lines.push("export type { IntOrString } from './types.js';");
    else if (existsSync(join(distDir, 'gen', 'models', `${name}.d.ts`))) lines.push(`export { ${name} } from './gen/models/${name}.js';`);
    else lines.push(`export type ${name} = any;`, `export declare const ${name}: any;`);
  }
  return `${lines.join('\n')}\n`;
}

/** clientNodeDistDir resolves the client-node declaration directory as seen from a file. */
export function clientNodeDistDir(containingFile: string, options: TsTypes.CompilerOptions, host: TsTypes.ModuleResolutionHost): string | undefined {
  const r = ts.resolveModuleName(CLIENT_NODE, containingFile, options, host).resolvedModule;
  return r === undefined ? undefined : dirname(r.resolvedFileName);
}
