/**
 * operator-ts/testing: envtest for TypeScript. Starts a real etcd and kube-apiserver (binaries from
 * KUBEBUILDER_ASSETS or setup-envtest's store), installs CRDs and webhook configurations, and hands out
 * credentials, the way controller-runtime's envtest does for Go; a direct (uncached) client to the test
 * API server, and Gomega-style `eventually` / `consistently` for assertions on what controllers do.
 */
export { startTestEnv } from './test-env.js';
export { directClient, type DirectClientOptions } from './direct-client.js';
export {
  consistently,
  eventually,
  DEFAULT_CONSISTENTLY_DURATION_MS,
  DEFAULT_EVENTUALLY_TIMEOUT_MS,
  DEFAULT_POLLING_INTERVAL_MS,
  type ConsistentlyOptions,
  type EventuallyOptions,
} from './eventually.js';
export type {
  AuthenticatedUser,
  InstallCRDsOptions,
  LocalWebhookServing,
  RestartAPIServerOptions,
  TestEnv,
  TestEnvOptions,
  TestUser,
  WebhookInstallOptions,
} from './test-env.js';
export { findBinaryAssets, isBinaryAssets, setupEnvtestStoreRoot } from './binaries.js';
export type { BinaryAssets, FindBinaryAssetsOptions, MissingBinaryAssets } from './binaries.js';
export type { RestConfig } from './kubeconfig.js';
export type { CustomResourceDefinitionObject } from './crd-install.js';
export type { WebhookConfigurationObject } from './webhook-install.js';
export type { FlagValues } from './flags.js';
export { TinyCA } from './certs.js';
export type { CertKeyPair, ClientCertOptions, ServingCertOptions } from './certs.js';
