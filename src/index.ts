/**
 * operator-ts: the plugin API. Plugins (built-in under `plugins/` and third-party) import only from here.
 */
export * from './plugin/index.js';
export * from './machinery/index.js';
export * from './model/index.js';
export { UserError, isUserError } from './errors/user-error.js';
export {
  renderResourcesFile,
  resourceConstName,
  GENERATED_HEADER,
  type ResourceEntry,
} from './codegen/resources-file.js';
export {
  EXTERNAL_API_ROOT,
  externalApiDir,
  importExternalApi,
  importedFilePolicy,
  placeholderTypes,
  type ExternalApi,
} from './importer/external-api.js';
export {
  PLACEHOLDER_HEADER,
  descriptorFile,
  groupVersionFile,
  resourceFileName,
  typesFileName,
  type DescribedKind,
} from './importer/output-files.js';
