/**
 * OLM packaging for operator-ts: CSV builder, bundle writer and validator, file-based catalog generator
 * and validator. Everything here is pure or stages its output in memory before writing.
 */
export {
  buildCsv,
  pickBaseCsv,
  assertVersion,
  type CsvOptions,
  type CsvResult,
  type InstallModeType,
} from './csv/build-csv.js';
export { collectManifests, type CollectedManifests } from './csv/collect.js';
export type { CrdDescriptorInput, CsvDescriptor, CsvResourceRef } from './csv/descriptors.js';
export { buildBundle, type BundleInput, type BundleOptions, type GeneratedBundle } from './bundle/build-bundle.js';
export { generateBundle, type GenerateBundleOptions, type GenerateBundleResult } from './bundle/generate-bundle.js';
export { defaultScorecardConfig, SCORECARD_TEST_IMAGE } from './bundle/scorecard.js';
export { ANNOTATION } from './model/annotations.js';
export {
  validateBundle,
  validateBundleFiles,
  formatFindings,
  hasErrors,
  type ValidateOptions,
} from './validate/validate-bundle.js';
export { ALL_CHECKS, OPTIONAL_VALIDATORS, selectChecks } from './validate/registry.js';
export type { Finding, Severity, CheckDefinition } from './validate/types.js';
export {
  generateCatalog,
  type GenerateCatalogOptions,
  type GenerateCatalogResult,
} from './catalog/generate-catalog.js';
export { validateCatalog, validateCatalogContent, validateReplacesGraph } from './catalog/validate-catalog.js';
export { renderBundle, type RenderedBundle } from './catalog/render-bundle.js';
export { catalogDockerfile, OPM_IMAGE } from './catalog/fbc.js';
export { pinImageDigests, withDigest, type DigestResolver } from './images/pin-digests.js';
export {
  registryDigestResolver,
  parseImageReference,
  type RegistryResolverOptions,
} from './images/registry-resolver.js';
