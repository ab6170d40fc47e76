/*
Copyright The tenant-operator Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

// The steps of the e2e suite (e2e.test.ts), one function each, so that they can also run one by one against
// any cluster: each takes the kubeconfig to use (undefined: $KUBECONFIG or ~/.kube/config).
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CoreV1Api, KubeConfig, RbacAuthorizationV1Api } from '@kubernetes/client-node';

/** PROJECT_DIR is the project root: the Makefile targets run there. */
export const PROJECT_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** PROJECT_NAME prefixes every deployed object (namePrefix of config/default). */
export const PROJECT_NAME = 'tenant-operator';

/** NAMESPACE is where `make deploy` puts the manager (namespace of config/default). */
export const NAMESPACE = 'tenant-operator-system';

/** CERT_MANAGER_VERSION is the cert-manager release installed for the webhook certificates. */
export const CERT_MANAGER_VERSION = 'v1.20.0';

/** run runs a command in the project directory and returns its stdout; it fails with the command's output. */
export function run(
  command: string,
  args: readonly string[],
  options: { kubeconfig?: string | undefined; env?: Record<string, string> } = {},
): Promise<string> {
  const env = {
    ...process.env,
    ...options.env,
    ...(options.kubeconfig === undefined ? {} : { KUBECONFIG: options.kubeconfig }),
  };
  return new Promise((resolve, reject) => {
    execFile(command, [...args], { cwd: PROJECT_DIR, env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err === null) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} failed: ${err.message}\n${stdout}${stderr}`));
    });
  });
}

/** loadKubeConfig reads a kubeconfig file, or the default one ($KUBECONFIG, ~/.kube/config). */
export function loadKubeConfig(kubeconfig: string | undefined): KubeConfig {
  const kc = new KubeConfig();
  if (kubeconfig === undefined) kc.loadFromDefault();
  else kc.loadFromFile(kubeconfig);
  return kc;
}

/** usesCertManager tells whether config/default deploys config/certmanager (once a webhook exists). */
export function usesCertManager(): boolean {
  const kustomization = readFileSync(join(PROJECT_DIR, 'config', 'default', 'kustomization.yaml'), 'utf8');
  return /^- \.\.\/certmanager$/m.test(kustomization);
}

/** buildImage builds the manager image (make docker-build). */
export async function buildImage(img: string): Promise<void> {
  await run('make', ['docker-build', `IMG=${img}`]);
}

/** loadImageToKind copies the image into the Kind cluster's nodes, so that no registry is needed. */
export async function loadImageToKind(img: string, kind: string, cluster: string): Promise<void> {
  await run(kind, ['load', 'docker-image', img, '--name', cluster]);
}

/** installCertManager installs cert-manager and waits for its webhook, which issues the webhook certificate. */
export async function installCertManager(kubeconfig: string | undefined): Promise<void> {
  const url = `https://github.com/cert-manager/cert-manager/releases/download/${CERT_MANAGER_VERSION}/cert-manager.yaml`;
  await run('kubectl', ['apply', '-f', url], { kubeconfig });
  const ready = ['-n', 'cert-manager', 'wait', '--for=condition=Available', 'deployment', '--all', '--timeout=5m'];
  await run('kubectl', ready, { kubeconfig });
}

/** deploy applies config/default with the manager image set to img (make deploy). */
export async function deploy(img: string, kubeconfig: string | undefined): Promise<void> {
  await run('make', ['deploy', `IMG=${img}`], { kubeconfig });
}

/** undeploy deletes what deploy applied (make undeploy). */
export async function undeploy(kubeconfig: string | undefined): Promise<void> {
  await run('make', ['undeploy', 'ignore-not-found=true'], { kubeconfig });
}

/** waitFor polls check until it returns a value or the timeout passes, then throws the last error. */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`, { cause: last });
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** managerPod returns the name of the running, ready manager pod, or undefined. */
export async function managerPod(kubeconfig: string | undefined): Promise<string | undefined> {
  const core = loadKubeConfig(kubeconfig).makeApiClient(CoreV1Api);
  const pods = await core.listNamespacedPod({
    namespace: NAMESPACE,
    labelSelector: 'control-plane=controller-manager',
  });
  const ready = pods.items.find(
    (pod) =>
      pod.metadata?.deletionTimestamp === undefined &&
      pod.status?.phase === 'Running' &&
      pod.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'),
  );
  return ready?.metadata?.name;
}

/**
 * grantMetricsReader binds the metrics-reader ClusterRole (config/rbac/metrics_reader_role.yaml) to a service
 * account, which may then read /metrics with its token.
 */
export async function grantMetricsReader(
  kubeconfig: string | undefined,
  namespace: string,
  serviceAccount: string,
): Promise<void> {
  const rbac = loadKubeConfig(kubeconfig).makeApiClient(RbacAuthorizationV1Api);
  try {
    await rbac.createClusterRoleBinding({
      body: {
        metadata: { name: `${PROJECT_NAME}-metrics-binding` },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: `${PROJECT_NAME}-metrics-reader` },
        subjects: [{ kind: 'ServiceAccount', name: serviceAccount, namespace }],
      },
    });
  } catch (err) {
    if ((err as { code?: number }).code !== 409) throw err;
  }
}

/** serviceAccountToken requests a short-lived token of a service account (TokenRequest). */
export async function serviceAccountToken(
  kubeconfig: string | undefined,
  namespace: string,
  name: string,
): Promise<string> {
  const core = loadKubeConfig(kubeconfig).makeApiClient(CoreV1Api);
  const review = await core.createNamespacedServiceAccountToken({ name, namespace, body: { spec: { audiences: [] } } });
  const token = review.status?.token;
  if (token === undefined) throw new Error(`no token for service account ${namespace}/${name}`);
  return token;
}

/** MetricsResponse is what the metrics endpoint answered. */
export interface MetricsResponse {
  status: number;
  body: string;
}

/**
 * scrapeMetrics reads /metrics with a bearer token, as Prometheus does. The manager's certificate is
 * self-signed unless cert-manager issues it ([METRICS-WITH-CERTS]), so it is not verified here.
 */
export function scrapeMetrics(baseUrl: string, token: string): Promise<MetricsResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL('/metrics', baseUrl),
      { headers: { authorization: `Bearer ${token}` }, rejectUnauthorized: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** PortForward is a running `kubectl port-forward` to the metrics Service. */
export interface PortForward {
  url: string;
  stop(): void;
}

/** forwardMetrics forwards a local port to the metrics Service (8443) and resolves once it listens. */
export function forwardMetrics(kubeconfig: string | undefined, localPort: number): Promise<PortForward> {
  const args = [
    '-n',
    NAMESPACE,
    'port-forward',
    `service/${PROJECT_NAME}-controller-manager-metrics-service`,
    `${localPort}:8443`,
  ];
  const child = spawn('kubectl', args, {
    cwd: PROJECT_DIR,
    env: { ...process.env, ...(kubeconfig === undefined ? {} : { KUBECONFIG: kubeconfig }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      if (output.includes('Forwarding from'))
        resolve({ url: `https://127.0.0.1:${localPort}`, stop: () => child.kill() });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`kubectl port-forward exited (${code ?? 'signal'}): ${output}`)));
  });
}
