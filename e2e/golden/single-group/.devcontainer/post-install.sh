#!/usr/bin/env bash
# Sets up the dev container: Kind and kubectl for `make test-e2e`, the project's npm dependencies, and the
# envtest binaries for `make test`. Docker comes from the docker-in-docker feature of devcontainer.json.
set -euo pipefail

case "$(uname -m)" in
  x86_64) arch=amd64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "unsupported architecture $(uname -m)" >&2; exit 1 ;;
esac

KIND_VERSION=v0.30.0
if ! command -v kind >/dev/null 2>&1; then
  curl -fsSLo /usr/local/bin/kind "https://kind.sigs.k8s.io/dl/${KIND_VERSION}/kind-linux-${arch}"
  chmod +x /usr/local/bin/kind
fi

if ! command -v kubectl >/dev/null 2>&1; then
  version="$(curl -fsSL https://dl.k8s.io/release/stable.txt)"
  curl -fsSLo /usr/local/bin/kubectl "https://dl.k8s.io/release/${version}/bin/linux/${arch}/kubectl"
  chmod +x /usr/local/bin/kubectl
fi

npm ci --no-audit --no-fund
make setup-envtest

kind version
kubectl version --client
node --version
