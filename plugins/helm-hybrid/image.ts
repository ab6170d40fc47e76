/** HELM_VERSION is the Helm release the generated Dockerfile installs, the one operator-ts is tested with. */
export const HELM_VERSION = 'v4.3.2';

/**
 * imageFragments are the Dockerfile lines of a project with Helm-hybrid kinds: a stage that downloads the
 * Helm release for the target architecture from get.helm.sh and checks it against the checksum published
 * beside it, and, in the final image, the binary (HELM_BIN says where) and the charts the controllers render.
 */
export function imageFragments(): Record<string, string[]> {
  return {
    'image-stages': [
      [
        '# The Helm CLI the Helm-hybrid controllers render their charts with, checked against its published checksum.',
        'FROM debian:bookworm-slim AS helm',
        `ARG HELM_VERSION=${HELM_VERSION}`,
        'ARG TARGETARCH',
        'ADD https://get.helm.sh/helm-${HELM_VERSION}-linux-${TARGETARCH}.tar.gz /tmp/helm.tar.gz',
        'ADD https://get.helm.sh/helm-${HELM_VERSION}-linux-${TARGETARCH}.tar.gz.sha256sum /tmp/helm.tar.gz.sha256sum',
        'RUN cd /tmp && echo "$(cut -d" " -f1 helm.tar.gz.sha256sum)  helm.tar.gz" | sha256sum -c - \\',
        '    && mkdir /helm && tar -xzf helm.tar.gz -C /helm --strip-components=1 linux-${TARGETARCH}/helm',
      ].join('\n'),
    ],
    'image-files': [
      'COPY --from=helm /helm/helm /usr/local/bin/helm\nCOPY charts/ /charts/\nENV HELM_BIN=/usr/local/bin/helm',
    ],
  };
}
