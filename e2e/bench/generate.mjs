// Benchmark section `generate`: wall time and peak RSS of `operator-ts generate crd` (the built CLI) on
// synthetic projects of 1, 10 and 50 kinds, each kind embedding V1PodTemplateSpec, and of controller-gen
// on the Go twins of the same projects when Go is available. Targets, as ratios to controller-gen in the
// same run: wall time <= 0.7x at 1 kind and <= 0.3x at 50 kinds, peak RSS at 1 kind no more than
// controller-gen's; and 50 kinds in less than 3x the time of 1 kind.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureControllerGen } from '../generate-parity/controller-gen.mjs';
import { median, timeCommand } from './measure.mjs';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const cliBin = join(repo, 'bin/operator-ts.js');
const goFixtures = join(repo, 'e2e/generate-parity/fixtures');
const SIZES = [1, 10, 50];
const RUNS = Number(process.env.BENCH_GENERATE_RUNS ?? 3);
/** WALL_GOALS is the wall-time ratio to controller-gen each size must stay within. */
const WALL_GOALS = { 1: 0.7, 10: 1, 50: 0.3 };

function tsKind(i) {
  return `// +groupName=bench.example.com
import type { V1ObjectMeta, V1PodTemplateSpec } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

/** Kind${i}Spec is the desired state of Kind${i}. */
export interface Kind${i}Spec {
  /**
   * replicas wanted.
   * +kubebuilder:validation:Minimum=0
   * +kubebuilder:default=1
   */
  replicas?: int32;
  /**
   * mode of the workload.
   * +kubebuilder:validation:Enum=Active;Passive
   */
  mode?: string;
  /** template of the pods. */
  template: V1PodTemplateSpec;
}

/** Kind${i}Status is the observed state of Kind${i}. */
export interface Kind${i}Status {
  /** readyReplicas counts ready pods. */
  readyReplicas?: int32;
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

/** Kind${i} is a synthetic kind. */
export interface Kind${i} {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: Kind${i}Spec;
  status?: Kind${i}Status;
}
`;
}

function goKind(i) {
  return `package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Kind${i}Spec is the desired state of Kind${i}.
type Kind${i}Spec struct {
	// replicas wanted.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:default=1
	Replicas *int32 \`json:"replicas,omitempty"\`
	// mode of the workload.
	// +kubebuilder:validation:Enum=Active;Passive
	Mode string \`json:"mode,omitempty"\`
	// template of the pods.
	Template corev1.PodTemplateSpec \`json:"template"\`
}

// Kind${i}Status is the observed state of Kind${i}.
type Kind${i}Status struct {
	// readyReplicas counts ready pods.
	ReadyReplicas int32 \`json:"readyReplicas,omitempty"\`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Kind${i} is a synthetic kind.
type Kind${i} struct {
	metav1.TypeMeta   \`json:",inline"\`
	metav1.ObjectMeta \`json:"metadata,omitempty"\`
	Spec   Kind${i}Spec   \`json:"spec,omitempty"\`
	Status Kind${i}Status \`json:"status,omitempty"\`
}
`;
}

/** writeTsProject writes a project of n kinds that resolves client-node and operator-ts from this repo. */
export function writeTsProject(dir, n) {
  const api = join(dir, 'src/api/v1');
  mkdirSync(api, { recursive: true });
  mkdirSync(join(dir, 'node_modules/@kubernetes'), { recursive: true });
  symlinkSync(join(repo, 'node_modules/@kubernetes/client-node'), join(dir, 'node_modules/@kubernetes/client-node'));
  symlinkSync(repo, join(dir, 'node_modules/operator-ts'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench', type: 'module', private: true }));
  for (let i = 1; i <= n; i++) writeFileSync(join(api, `kind${i}.types.ts`), tsKind(i));
}

/** writeGoProject writes the Go twin (same module requirements as the parity fixtures). */
export function writeGoProject(dir, n) {
  const api = join(dir, 'api/v1');
  mkdirSync(api, { recursive: true });
  writeFileSync(join(dir, 'go.mod'), readFileSync(join(goFixtures, 'go.mod'), 'utf8'));
  writeFileSync(join(dir, 'go.sum'), readFileSync(join(goFixtures, 'go.sum'), 'utf8'));
  writeFileSync(join(api, 'doc.go'), '// +groupName=bench.example.com\npackage v1\n');
  for (let i = 1; i <= n; i++) writeFileSync(join(api, `kind${i}_types.go`), goKind(i));
}

/**
 * timeWithCpu runs a command once and returns wall ms, CPU ms (user + sys, robust when other work loads
 * the machine) and peak RSS, read from /usr/bin/time; without it only wall time (timeCommand) is known.
 */
function timeWithCpu(cmd, args, cwd) {
  if (!existsSync('/usr/bin/time')) return { ...timeCommand(cmd, args, { cwd }), cpuMs: undefined };
  const start = process.hrtime.bigint();
  const res = spawnSync('/usr/bin/time', ['-f', 'BENCH %U %S %M', cmd, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (res.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
  const m = /BENCH ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(res.stderr);
  return m === null
    ? { ms, cpuMs: undefined, rssKiB: undefined }
    : { ms, cpuMs: (Number(m[1]) + Number(m[2])) * 1000, rssKiB: Number(m[3]) };
}

function measure(cmd, args, cwd) {
  const samples = [];
  for (let r = 0; r < RUNS; r++) samples.push(timeWithCpu(cmd, args, cwd));
  const cpu = samples.map((s) => s.cpuMs).filter((v) => v !== undefined);
  return {
    ms: median(samples.map((s) => s.ms)),
    cpuMs: cpu.length > 0 ? median(cpu) : undefined,
    rssKiB: Math.max(...samples.map((s) => s.rssKiB ?? 0)),
  };
}

/** run measures the generate section and reports figures, ratios and targets. */
export async function run(report) {
  const work = mkdtempSync(join(tmpdir(), 'operator-ts-bench-generate-'));
  const cg = ensureControllerGen();
  if ('missing' in cg) process.stderr.write(`[bench] generate: controller-gen comparison skipped: ${cg.missing}\n`);
  const ours = new Map();
  try {
    for (const n of SIZES) {
      const tsDir = join(work, `ts-${n}`);
      writeTsProject(tsDir, n);
      const o = measure(process.execPath, [cliBin, 'generate', 'crd'], tsDir);
      ours.set(n, o);
      const fields = {
        kinds: n,
        ms: Math.round(o.ms),
        cpuMs: o.cpuMs === undefined ? 'n/a' : Math.round(o.cpuMs),
        rssMiB: Math.round(o.rssKiB / 1024),
      };
      if ('path' in cg) {
        const goDir = join(work, `go-${n}`);
        writeGoProject(goDir, n);
        const args = ['crd', 'paths=./...', 'output:crd:dir=config/crd/bases'];
        timeCommand(cg.path, args, { cwd: goDir }); // warm Go's package loading caches once
        const c = measure(cg.path, args, goDir);
        fields.controllerGenMs = Math.round(c.ms);
        fields.controllerGenCpuMs = c.cpuMs === undefined ? 'n/a' : Math.round(c.cpuMs);
        fields.controllerGenRssMiB = Math.round(c.rssKiB / 1024);
        fields.ratio = o.ms / c.ms;
        fields.rssRatio = o.rssKiB / c.rssKiB;
        if (o.cpuMs !== undefined && c.cpuMs !== undefined) fields.cpuRatio = o.cpuMs / c.cpuMs;
        const goal = WALL_GOALS[n] ?? 1;
        fields.goal = `<= ${goal}x controller-gen${n === 1 ? ', RSS <= controller-gen' : ''}`;
        fields.target = o.ms <= goal * c.ms && (n !== 1 || o.rssKiB <= c.rssKiB) ? 'met' : 'not met';
      }
      report(`generate.crd.${n}-kinds`, fields);
    }
    const scale = ours.get(50).ms / ours.get(1).ms;
    const cpuScale = ours.get(1).cpuMs === undefined ? undefined : ours.get(50).cpuMs / ours.get(1).cpuMs;
    report('generate.crd.scaling', {
      ratio50to1: scale,
      cpuRatio50to1: cpuScale ?? 'n/a',
      target: scale < 3 ? 'met' : 'not met',
      goal: '50 kinds < 3x 1 kind',
      load1: os.loadavg()[0],
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
