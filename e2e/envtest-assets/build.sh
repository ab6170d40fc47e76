#!/usr/bin/env bash
# Builds kube-apiserver, kubectl, kube-controller-manager and etcd from the Go module proxy and lays them out
# as setup-envtest does (setup-envtest itself ships no kube-controller-manager; startTestEnv's `controllers`
# option runs it next to kube-apiserver):
#   <store>/k8s/<X.Y.Z>-<os>-<arch>/{kube-apiserver,etcd,kubectl,kube-controller-manager}
# The store is $ENVTEST_STORE, else ${XDG_DATA_HOME:-~/.local/share}/kubebuilder-envtest.
# Builds only the binaries of the pinned versions that are not already there.
# Prints KUBEBUILDER_ASSETS=<dir> as its last line.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
K8S="$(go -C "$here/kube" list -m -f '{{.Version}}' k8s.io/kubernetes)"
ETCD="$(go -C "$here/etcd" list -m -f '{{.Version}}' go.etcd.io/etcd/server/v3)"
MINOR="$(echo "$K8S" | cut -d. -f2)"
STORE="${ENVTEST_STORE:-${XDG_DATA_HOME:-$HOME/.local/share}/kubebuilder-envtest}/k8s"
OUT="$STORE/${K8S#v}-$(go env GOOS)-$(go env GOARCH)"

have_version() { # <binary> <expected substring>
  # Capture first: `grep -q` closing the pipe early would fail the pipeline under pipefail.
  local out
  [ -x "$1" ] && out="$("$1" --version 2>/dev/null)" && [[ "$out" == *"$2"* ]]
}
todo=()
have_version "$OUT/kube-apiserver" "Kubernetes $K8S" || todo+=(kube-apiserver)
[ -x "$OUT/kubectl" ] || todo+=(kubectl)
have_version "$OUT/kube-controller-manager" "Kubernetes $K8S" || todo+=(kube-controller-manager)
have_version "$OUT/etcd" "etcd Version: ${ETCD#v}" || todo+=(etcd)
if [ "${#todo[@]}" -eq 0 ]; then
  echo "envtest assets already built: Kubernetes $K8S, etcd $ETCD" >&2
  echo "KUBEBUILDER_ASSETS=$OUT"
  exit 0
fi

echo "building envtest assets (${todo[*]}): Kubernetes $K8S, etcd $ETCD into $OUT" >&2
export CGO_ENABLED=0
ver=""
for p in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
  ver="$ver -X $p.gitVersion=$K8S -X $p.gitMajor=1 -X $p.gitMinor=$MINOR -X $p.gitTreeState=clean -X $p.buildDate=1970-01-01T00:00:00Z"
done
tmp="$(mktemp -d "$STORE/.build-XXXXXX" 2>/dev/null || { mkdir -p "$STORE"; mktemp -d "$STORE/.build-XXXXXX"; })"
trap 'rm -rf "$tmp"' EXIT
for bin in "${todo[@]}"; do
  started=$SECONDS
  case "$bin" in
    # The same tags for both server binaries, so the second reuses the first one's compiled packages.
    kube-apiserver | kube-controller-manager)
      go -C "$here/kube" build -trimpath -tags selinux,notest -ldflags "-s -w $ver" -o "$tmp/$bin" "k8s.io/kubernetes/cmd/$bin" ;;
    kubectl) go -C "$here/kube" build -trimpath -ldflags "-s -w $ver" -o "$tmp/kubectl" k8s.io/kubernetes/cmd/kubectl ;;
    etcd) go -C "$here/etcd" build -trimpath -ldflags "-s -w" -o "$tmp/etcd" go.etcd.io/etcd/server/v3 ;;
  esac
  chmod 0555 "$tmp/$bin"
  case "$bin" in
    kube-apiserver | kube-controller-manager) have_version "$tmp/$bin" "Kubernetes $K8S" || { echo "$bin reports the wrong version" >&2; exit 1; } ;;
    etcd) have_version "$tmp/etcd" "etcd Version: ${ETCD#v}" || { echo "etcd reports the wrong version" >&2; exit 1; } ;;
  esac
  echo "built $bin in $((SECONDS - started)) s" >&2
done
mkdir -p "$OUT"
chmod u+w "$OUT"/* 2>/dev/null || true
# Move into place only once everything built, so an interrupted build never leaves a half-filled directory.
for bin in "${todo[@]}"; do mv -f "$tmp/$bin" "$OUT/"; done
echo "KUBEBUILDER_ASSETS=$OUT"
