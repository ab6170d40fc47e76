import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The names each public entry point of the package exports, pinned so that growing (or shrinking) the
// public API is a deliberate act: a change here is a change of what users can import. operator-ts/runtime
// is the front door of the runtime, kept to what an operator author uses daily; everything else of the
// runtime lives at a subpath. To accept a change, edit the list and say why in the commit.
const pinned: Record<string, readonly string[]> = {
  'operator-ts': ['apiDir', 'applyDescriptors', 'ApplyOptions', 'BuiltinKindInfo', 'builtinKinds', 'Bundle', 'camel',
    'canonicalKeys', 'Change', 'ChangeKind', 'checkDomain', 'checkGroup', 'checkKind', 'checkKindName', 'checkPlural',
    'checkProjectName', 'checkQualifiedGroup', 'checkRepo', 'checkVersion', 'CommandFailure', 'commandLabel',
    'CommandName', 'commentToken', 'Conflict', 'conflictError', 'containsFragment', 'controllersDir', 'CORE_GROUPS',
    'coreGroupFlag', 'coreGroupName', 'crdPluralOf', 'defineBundle', 'definePlugin', 'DescribedKind', 'descriptorFile',
    'EXTERNAL_API_ROOT', 'ExternalApi', 'externalApiDir', 'FileDescriptor', 'FileSink', 'FileSystem',
    'findBuiltinKind', 'findPlugin', 'findResource', 'FlagValues', 'flectPluralize', 'flectSingularize', 'Fragment',
    'fullGroup', 'GENERATED_HEADER', 'GENERATED_SUFFIXES', 'GeneratedFile', 'groupVersionFile', 'Hook', 'HookContext',
    'HookLog', 'IfExists', 'IfMissing', 'IMPLICIT_PLURAL', 'importedFilePolicy', 'importExternalApi',
    'insertAtMarkers', 'InsertFile', 'isCoreGroup', 'isUserError', 'json', 'kebab', 'lower', 'MARKER_PREFIX',
    'markerLine', 'NameProblem', 'newProject', 'OptionSpec', 'OptionType', 'parseProject', 'parseProjectFile',
    'pascal', 'PathSegment', 'PLACEHOLDER_HEADER', 'placeholderTypes', 'Plugin', 'PluginInit', 'plural', 'pluralOf',
    'PROJECT_FILE', 'PROJECT_HEADER', 'ProjectConfig', 'ProjectFile', 'ReadonlyTree', 'readProjectFile',
    'readProjectText', 'regularPlural', 'relativeImport', 'RemoveFile', 'renderResourcesFile', 'resolveChain', 'ResourceConfig',
    'resourceConstName', 'ResourceEntry', 'resourceFileName', 'runCommand', 'RunCommandOptions', 'runHook',
    'SCHEMA_NAMES', 'serializeProject', 'Subcommand', 'TemplateFile', 'toProjectName', 'toYaml', 'toYamlDocuments',
    'toYamlWithMarkers', 'TYPESCRIPT_GLOBALS', 'typesFileName', 'upper', 'UserError', 'validateDomain',
    'validateGroup', 'validateKind', 'validatePlural', 'validateProjectName', 'validateRepo', 'validateVersion',
    'VirtualTree', 'VirtualTreeOptions', 'WebhooksConfig', 'webhooksDir'],
  'operator-ts/runtime': ['addFinalizer', 'AdmissionContext', 'AdmissionError', 'ApiError', 'builtin', 'CABundleTargets',
    'certificateRunnables', 'Client', 'Condition', 'ConditionInput', 'containsFinalizer', 'createManager', 'createOrUpdate', 'CustomDefaulter',
    'CustomValidator', 'defineResource', 'EventRecorder', 'FieldIndexer', 'finalizer', 'findStatusCondition',
    'getControllerOf', 'getReference', 'handler', 'ignoreNotFound', 'isAlreadyExists', 'isConflict', 'isNotFound',
    'isStatusConditionTrue', 'KubernetesObject', 'Logger', 'Manager', 'newControllerManagedBy', 'newLogger',
    'newWebhookManagedBy', 'ObjectOf', 'predicate', 'ReconcileContext', 'Reconciler', 'removeFinalizer', 'Request',
    'ResourceDescriptor', 'Result', 'SelfManagedCertificateOptions', 'setControllerReference', 'setStatusCondition',
    'setupSignalHandler', 'silentLogger', 'TerminalError', 'Warnings', 'WebhookCertificateProvisioner', 'Wire'],
  'operator-ts/runtime/cache': ['Cache', 'CacheOptions', 'EventHandler', 'FieldIndexer', 'IndexerFunc', 'Informer',
    'InformerCache', 'InformerOptions', 'ListFilter', 'OwnWrites', 'OwnWritesOptions', 'ResourceCacheOptions',
    'SharedInformer'],
  'operator-ts/runtime/client': ['ApiError', 'builtin', 'BuiltinKind', 'Client', 'defineResource', 'DeleteOptions',
    'GetOptions', 'ignoreNotFound', 'isAlreadyExists', 'isBuiltinResource', 'isConflict', 'isNotFound',
    'JsonPatchOperation', 'KubeClientOptions', 'KubernetesObject', 'ListOptions', 'newClient', 'ObjectKey', 'ObjectOf',
    'PartialObjectMetadata', 'PartialObjectMetadataList', 'Patch', 'Reader', 'ResourceDescriptor',
    'ResourceDescriptorInit', 'StatusWriter', 'Timestamp', 'toPartialObjectMetadata', 'Wire', 'WithDates',
    'WriteOptions', 'Writer'],
  'operator-ts/runtime/controller': ['Controller', 'ControllerBuilder', 'ControllerBuilderOptions',
    'ControllerManager', 'ControllerOptions', 'defaultCacheSyncTimeoutMs', 'isTerminalError', 'kindSource',
    'KindSourceOptions', 'MetadataWatchOptions', 'newControllerManagedBy', 'ReconcileContext', 'Reconciler',
    'reconcilerFunc', 'Request', 'Result', 'Source', 'TerminalError', 'WatchOptions'],
  'operator-ts/runtime/events': ['EventRecorder', 'EventRecorderOptions', 'EventSink', 'eventSinkFor', 'EventType',
    'newEventRecorder', 'RecordingEventRecorder'],
  'operator-ts/runtime/fake': ['FakeCache', 'FakeClient', 'FakeClientOptions', 'FakeClock', 'FakeInformer'],
  'operator-ts/runtime/handler': ['CreateEvent', 'DeleteEvent', 'EnqueueHandler', 'EnqueueOwnerOptions',
    'enqueueRequestForObject', 'enqueueRequestForOwner', 'enqueueRequestsFromMapFunc', 'GenericEvent', 'MapFunc',
    'ownerRequests', 'RequestQueue', 'UpdateEvent'],
  'operator-ts/runtime/helm': ['Change', 'ChangeOp', 'checkMutations', 'defaultMutationPolicy', 'DEPLOYED', 'diffObjects',
    'FAILED', 'formatViolations', 'HelmReleaseObject', 'HelmReleaseOptions', 'HelmReleaseStatus', 'helmReleaseReconciler',
    'HelmRenderError', 'InventoryEntry', 'inventoryEntryOf', 'inventoryKey', 'KindResolver', 'kindResolver',
    'MutationHook', 'MutationPolicy', 'MutationRule', 'MutationViolation', 'parseRender', 'prunable', 'renderChart',
    'releaseMayDelete', 'RenderedChart', 'RenderOptions', 'sortInventory', 'UnknownKindError'],
  'operator-ts/runtime/helpers': ['addFinalizer', 'AlreadyOwnedError', 'Condition', 'ConditionInput',
    'ConditionStatus', 'containsFinalizer', 'createOrPatch', 'createOrUpdate', 'dropFinalizer', 'ensureFinalizer',
    'finalizer', 'FinalizerHandlers', 'findStatusCondition', 'getControllerOf', 'getReference',
    'hasControllerReference', 'hasOwnerReference', 'isAlreadyOwnedError', 'isStatusConditionFalse',
    'isStatusConditionPresentAndEqual', 'isStatusConditionTrue', 'MutateFn', 'OperationResult', 'PatchOperationResult',
    'removeFinalizer', 'removeOwnerReference', 'removeStatusCondition', 'setControllerReference', 'setOwnerReference',
    'setStatusCondition'],
  'operator-ts/runtime/leaderelection': ['Clock', 'LeaderElector', 'LeaderElectorOptions'],
  'operator-ts/runtime/log': ['Logger', 'LoggerOptions', 'LogLevel', 'newLogger', 'parseLogLevel', 'silentLogger',
    'withName', 'withValues'],
  'operator-ts/runtime/manager': ['Checker', 'createManager', 'HealthProbeServer', 'LeaderElectionOptions', 'Manager',
    'ManagerOptions', 'ManagerWebhookOptions', 'ping', 'Runnable', 'SelfManagedWebhookCertificates',
    'setupSignalHandler', 'TracingOptions'],
  'operator-ts/runtime/metrics': ['getOrCreateCounter', 'getOrCreateGauge', 'getOrCreateHistogram',
    'registerRuntimeMetrics', 'registry', 'RuntimeMetricsOptions'],
  'operator-ts/runtime/metrics/server': ['MetricsServer', 'MetricsServerOptions', 'ProfilingOptions'],
  'operator-ts/runtime/predicate': ['and', 'annotationChangedPredicate', 'generationChangedPredicate',
    'labelChangedPredicate', 'not', 'or', 'Predicate', 'predicateFuncs', 'PredicateFuncs',
    'resourceVersionChangedPredicate'],
  'operator-ts/runtime/rest': ['ApiError', 'ClusterAccess', 'ClusterInfo', 'DeleteOptions', 'InactivityTimeoutError',
    'isAlreadyExists', 'isConflict', 'isGone', 'isNotFound', 'JsonPatchOperation', 'KubeTransport',
    'KubeTransportOptions', 'ListResult', 'Patch', 'PATCH_CONTENT_TYPES', 'RestClient', 'RestListOptions',
    'RestWatchOptions', 'RestWriteOptions', 'retryAfterMs', 'Transport', 'TransportRequest', 'WatchEvent',
    'WatchEventType'],
  'operator-ts/runtime/webhook': ['AdmissionContext', 'AdmissionError', 'AdmissionOperation', 'AdmissionRequest',
    'AdmissionResponse', 'AdmissionReview', 'CONVERSION_PATH', 'ConversionRegistry', 'ConversionRequest',
    'ConversionResponse', 'ConversionReview', 'CustomDefaulter', 'CustomValidator', 'defaultingHandler',
    'defaultingPath', 'HubSpokeConversion', 'InjectedSidecar', 'InjectionOutcome', 'newWebhookManagedBy',
    'SIDECAR_INJECTION_PATH', 'SidecarInjectionHooks', 'SidecarInjectionStatus', 'SidecarInjector',
    'SidecarInjectorOptions', 'SidecarTemplate', 'SkipInjection', 'SpokeConversion', 'UserInfo', 'validatingHandler',
    'validationPath', 'Warnings', 'WebhookBuilder', 'WebhookHandler', 'WebhookManager', 'WebhookRegistrationOptions',
    'WebhookRequestContext', 'WebhookServer', 'WebhookServerOptions'],
  'operator-ts/runtime/workqueue': ['BucketRateLimiter', 'Clock', 'defaultControllerRateLimiter', 'DelayingQueue',
    'ItemExponentialFailureRateLimiter', 'keyToRequest', 'livePriority', 'lowPriority', 'MaxOfRateLimiter', 'noopQueueMetrics', 'objectToRequest',
    'QueueMetricsProvider', 'QueueMetricsSink', 'RateLimiter', 'RateLimitingQueue', 'RateLimitingQueueOptions',
    'realClock', 'requestToKey', 'UnavailableHoldOptions', 'UnfinishedWork', 'WorkQueue', 'WorkQueueOptions'],
  'operator-ts/testing': ['AuthenticatedUser', 'BinaryAssets', 'CertKeyPair', 'ClientCertOptions', 'consistently',
    'ConsistentlyOptions', 'CustomResourceDefinitionObject', 'DEFAULT_CONSISTENTLY_DURATION_MS',
    'DEFAULT_EVENTUALLY_TIMEOUT_MS', 'DEFAULT_POLLING_INTERVAL_MS', 'directClient', 'DirectClientOptions',
    'eventually', 'EventuallyOptions', 'findBinaryAssets', 'FindBinaryAssetsOptions', 'FlagValues',
    'InstallCRDsOptions', 'isBinaryAssets', 'LocalWebhookServing', 'MissingBinaryAssets', 'RestartAPIServerOptions',
    'RestConfig', 'ServingCertOptions', 'setupEnvtestStoreRoot', 'startTestEnv', 'TestEnv', 'TestEnvOptions',
    'TestUser', 'TinyCA', 'WebhookConfigurationObject', 'WebhookInstallOptions'],
  'operator-ts/types': ['Bytes', 'Condition', 'Duration', 'float64', 'int', 'int32', 'int64', 'IntOrString',
    'JSONValue', 'MicroTime', 'Quantity', 'RawExtension', 'Time'],
};

/** Members of the namespaces operator-ts/runtime exports, pinned alike. */
const pinnedNamespaces: Record<string, readonly string[]> = {
  handler: [
    'CreateEvent', 'DeleteEvent', 'EnqueueHandler', 'EnqueueOwnerOptions', 'enqueueRequestForObject', 'enqueueRequestForOwner',
    'enqueueRequestsFromMapFunc', 'GenericEvent', 'MapFunc', 'ownerRequests', 'RequestQueue', 'UpdateEvent',
  ],
  predicate: [
    'and', 'annotationChangedPredicate', 'generationChangedPredicate', 'labelChangedPredicate', 'not', 'or', 'Predicate',
    'predicateFuncs', 'PredicateFuncs', 'resourceVersionChangedPredicate',
  ],
};

/** The front door stays small: what generated projects and examples use, and little more. */
const FRONT_DOOR_LIMIT = 60;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { exports: Record<string, string | { types: string }> };

/** entryPoints maps each import specifier of the package to the source file of its types. */
function entryPoints(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target === 'string') continue;
    const source = target.types.replace(/^\.\/dist\//, '').replace(/\.d\.ts$/, '.ts');
    out.set(subpath === '.' ? 'operator-ts' : `operator-ts${subpath.slice(1)}`, join(repoRoot, source));
  }
  return out;
}

const entries = entryPoints();
const program = ts.createProgram([...entries.values()], {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2023,
  strict: true,
  noEmit: true,
});
const checker = program.getTypeChecker();
const byName = (a: string, b: string): number => a.localeCompare(b, 'en');

function exportsOf(file: string): ts.Symbol[] {
  const sf = program.getSourceFile(file);
  if (sf === undefined) throw new Error(`no source file ${file}`);
  const moduleSymbol = checker.getSymbolAtLocation(sf);
  if (moduleSymbol === undefined) throw new Error(`${file} is not a module`);
  return checker.getExportsOfModule(moduleSymbol);
}

describe('public entry points', () => {
  it('pins every entry point of package.json, and no other', () => {
    expect([...entries.keys()].sort(byName)).toEqual(Object.keys(pinned).sort(byName));
  });

  for (const [specifier, file] of entries) {
    it(`${specifier} exports exactly its pinned names`, () => {
      expect(exportsOf(file).map((s) => s.name).sort(byName)).toEqual([...(pinned[specifier] ?? [])].sort(byName));
    });
  }

  it(`operator-ts/runtime exports at most ${FRONT_DOOR_LIMIT} names`, () => {
    expect(pinned['operator-ts/runtime']?.length).toBeLessThanOrEqual(FRONT_DOOR_LIMIT);
  });

  it('operator-ts/runtime exports each name once: a namespace member is not also exported flat', () => {
    const front = exportsOf(entries.get('operator-ts/runtime') ?? '');
    const flat = new Set(front.map((s) => s.name));
    const members = new Map<string, string[]>();
    for (const symbol of front) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      if (!(target.flags & ts.SymbolFlags.ValueModule)) continue;
      members.set(symbol.name, checker.getExportsOfModule(target).map((s) => s.name).sort(byName));
    }
    expect(Object.fromEntries(members)).toEqual(Object.fromEntries(Object.entries(pinnedNamespaces).map(([n, m]) => [n, [...m].sort(byName)])));
    expect([...members.values()].flat().filter((n) => flat.has(n))).toEqual([]);
  });
});
