import { posix } from 'node:path';
import { UserError } from '../errors/user-error.js';
import type { IfExists } from '../machinery/descriptors.js';
import { IMPORT_HEADER, PLACEHOLDER_HEADER } from './output-files.js';

/** EXTERNAL_API_ROOT is where the types of kinds the project does not own live: `<root>/<group>/<version>/`. */
export const EXTERNAL_API_ROOT = 'src/api/external';

/** externalApiDir is the folder of an external group/version. */
export function externalApiDir(group: string, version: string): string {
  return posix.join(EXTERNAL_API_ROOT, group, version);
}

/** importedFilePolicy is the if-exists policy of an imported file: replace what an import or placeholder wrote, never a user's file. */
export function importedFilePolicy(existing: string | undefined): IfExists {
  return existing === undefined || existing.startsWith(IMPORT_HEADER) || existing.startsWith(PLACEHOLDER_HEADER)
    ? 'overwrite'
    : 'error';
}

/** ExternalApi is what `create api --external-api-crd` scaffolds for the kind: the imported folder and what the CRD says of it. */
export interface ExternalApi {
  files: Map<string, string>;
  plural: string;
  namespaced: boolean;
}

/**
 * importExternalApi imports the CRD of one external kind (`create api --external-api-crd`): the file must
 * hold a CRD for group/kind that serves version. The importer is loaded here, on demand, so that
 * scaffolding commands that import nothing never load it.
 */
export async function importExternalApi(
  file: string,
  text: string,
  gvk: { group: string; version: string; kind: string },
): Promise<ExternalApi> {
  const { runImport } = await import('./run-import.js');
  const { formatDiagnostic } = await import('../errors/diagnostic.js');
  const result = await runImport({ sources: [{ file, text }], output: EXTERNAL_API_ROOT });
  if (result.diagnostics.length > 0) {
    throw new UserError(
      `--external-api-crd ${file} is not a valid CRD:\n${result.diagnostics.map((d) => `  ${formatDiagnostic(d).replace(/\n/g, '\n  ')}`).join('\n')}`,
      { hint: 'fix the CRD at the positions listed, or import it separately with operator-ts import crd' },
    );
  }
  const kind = result.kinds.find((k) => k.crd.group === gvk.group && k.crd.kind === gvk.kind);
  if (kind === undefined) {
    const found = result.kinds.map((k) => `${k.crd.kind} (${k.crd.group})`).join(', ') || 'no CRD';
    throw new UserError(`${file} has no CRD for kind ${gvk.kind} in group ${gvk.group} (it holds ${found})`, {
      hint: 'check --group and --external-api-domain: together they make the CRD group, e.g. --group cert-manager --external-api-domain io for cert-manager.io',
    });
  }
  if (!kind.crd.versions.some((v) => v.name === gvk.version && v.served)) {
    throw new UserError(`${kind.crd.name} serves no version ${gvk.version}`, {
      hint: `use one of: ${kind.crd.versions
        .filter((v) => v.served)
        .map((v) => v.name)
        .join(', ')}`,
    });
  }
  const files = new Map([...result.files].filter(([p]) => kind.folders.some((f) => p.startsWith(`${f.dir}/`))));
  return { files, plural: kind.crd.plural, namespaced: kind.crd.namespaced };
}

/** placeholderTypes are the stand-in types of an external kind scaffolded without a CRD; `import crd` replaces them. */
export function placeholderTypes(kind: string, group: string, version: string): string {
  return [
    `${PLACEHOLDER_HEADER}. operator-ts import crd replaces it with the kind's real types.`,
    '',
    "import type { V1ObjectMeta } from '@kubernetes/client-node';",
    "import type { JSONValue } from 'operator-ts/types';",
    '',
    `/** ${kind} is a ${group}/${version} object this project uses but does not own. Import its CRD for typed fields: operator-ts import crd <crd.yaml> */`,
    `export interface ${kind} {`,
    '  apiVersion?: string;',
    '  kind?: string;',
    '  metadata?: V1ObjectMeta;',
    '  spec?: JSONValue;',
    '  status?: JSONValue;',
    '}',
    '',
  ].join('\n');
}
