/** ANNOTATION holds the keys of bundle metadata/annotations.yaml (and the matching bundle.Dockerfile LABELs). */
export const ANNOTATION = {
  mediaType: 'operators.operatorframework.io.bundle.mediatype.v1',
  manifests: 'operators.operatorframework.io.bundle.manifests.v1',
  metadata: 'operators.operatorframework.io.bundle.metadata.v1',
  package: 'operators.operatorframework.io.bundle.package.v1',
  channels: 'operators.operatorframework.io.bundle.channels.v1',
  defaultChannel: 'operators.operatorframework.io.bundle.channel.default.v1',
  metricsMediaType: 'operators.operatorframework.io.metrics.mediatype.v1',
  metricsBuilder: 'operators.operatorframework.io.metrics.builder',
  metricsLayout: 'operators.operatorframework.io.metrics.project_layout',
  testMediaType: 'operators.operatorframework.io.test.mediatype.v1',
  testConfig: 'operators.operatorframework.io.test.config.v1',
} as const;
