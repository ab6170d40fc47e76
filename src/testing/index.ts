/**
 * operator-ts/testing: envtest for TypeScript. Starts a real etcd and kube-apiserver (binaries from
 * KUBEBUILDER_ASSETS or setup-envtest's store), installs CRDs and webhook configurations, and hands out
 * credentials, the way controller-runtime's envtest does for Go.
 */
export { startTestEnv } from './test-env.js';
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
