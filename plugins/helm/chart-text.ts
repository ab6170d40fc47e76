import { Document, isMap, LineCounter, parseDocument } from 'yaml';
import { UserError } from '../../src/index.js';

// The chart's files that are not Kubernetes objects: Chart.yaml (an object, merged on re-runs), and the
// Go-template helpers, NOTES.txt and .helmignore (Helm's own languages, written as text).

/** ChartMeta is what Chart.yaml is built from. */
export interface ChartMeta {
  readonly name: string;
  readonly description: string;
  readonly version: string;
  readonly appVersion: string;
}

/** chartYamlObject is a new chart's Chart.yaml: version and appVersion both the package's version. */
export function chartYamlObject(meta: ChartMeta): Record<string, unknown> {
  return {
    apiVersion: 'v2',
    name: meta.name,
    description: meta.description,
    type: 'application',
    version: meta.version,
    appVersion: meta.appVersion,
    keywords: ['kubernetes', 'operator'],
    annotations: { 'operator-ts.dev/generated-by': 'operator-ts' },
  };
}

/**
 * mergeChartYaml updates an existing Chart.yaml: appVersion follows the package's version; the chart
 * version is the chart's own (`operator-ts chart version` moves it) and every other field is the user's.
 */
export function mergeChartYaml(existing: string, meta: ChartMeta, source: string): { text: string; notes: string[] } {
  const counter = new LineCounter();
  const doc = parseDocument(existing, { lineCounter: counter });
  const error = doc.errors[0];
  if (error !== undefined)
    throw new UserError(
      `${source}:${counter.linePos(error.pos[0]).line}: invalid YAML: ${error.message.split('\n')[0] ?? ''}`,
      { hint: 'fix the syntax, or delete the file to have it written afresh' },
    );
  if (!isMap(doc.contents))
    throw new UserError(`${source}:1: Chart.yaml must be a map`, { hint: 'delete the file to have it written afresh' });
  const notes: string[] = [];
  if (doc.get('appVersion') !== meta.appVersion) {
    notes.push(
      `appVersion ${JSON.stringify(doc.get('appVersion') ?? null)} -> ${JSON.stringify(meta.appVersion)} (package.json version)`,
    );
    doc.set('appVersion', meta.appVersion);
  }
  for (const [key, value] of Object.entries(chartYamlObject(meta)))
    if (!doc.has(key)) {
      doc.set(key, new Document(value).contents);
      notes.push(`added ${key}`);
    }
  return { text: notes.length === 0 ? existing : doc.toString({ indent: 2, indentSeq: false, lineWidth: 0 }), notes };
}

/** helpersTpl defines the chart's named templates: name, fullname, chart label and the objects' names. */
export function helpersTpl(chart: string): string {
  return `{{/*
${chart}.name is the chart name, or nameOverride.
*/}}
{{- define "${chart}.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
${chart}.fullname prefixes the name of every object: fullnameOverride, else the release name when it
already holds the chart name, else <release>-<chart>. Installed as release "${chart}", the names are the
ones kustomize gives (config/default's namePrefix).
*/}}
{{- define "${chart}.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/*
${chart}.chart is the value of the helm.sh/chart label.
*/}}
{{- define "${chart}.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
${chart}.resourceName is <fullname>-<suffix>, the fullname shortened so that the whole stays within 63
characters. Called with (dict "suffix" "<suffix>" "context" $).
*/}}
{{- define "${chart}.resourceName" -}}
{{- $full := include "${chart}.fullname" .context }}
{{- $max := sub 62 (len .suffix) | int }}
{{- printf "%s-%s" ($full | trunc $max | trimSuffix "-") .suffix | trunc 63 | trimSuffix "-" }}
{{- end }}
`;
}

/** notesTxt is printed by `helm install`: where the manager runs and what the chart installed. */
export function notesTxt(chart: string, crds: readonly string[], webhooks: boolean): string {
  const lines = [
    `{{ .Chart.Name }} {{ .Chart.AppVersion }} is installed as release {{ .Release.Name }} in namespace {{ .Release.Namespace }}.`,
    '',
    'The manager:',
    `  kubectl -n {{ .Release.Namespace }} rollout status deployment/{{ include "${chart}.resourceName" (dict "suffix" "controller-manager" "context" $) }}`,
  ];
  if (crds.length > 0)
    lines.push(
      '{{- if .Values.crds.enable }}',
      '',
      'Its custom resources (the CRDs stay when the release is uninstalled while crds.keep is true):',
      `  kubectl get crd ${crds.join(' ')}`,
      '{{- end }}',
    );
  if (webhooks)
    lines.push(
      '{{- if and .Values.webhook.enable .Values.webhook.certManager.enable }}',
      '',
      "The webhooks' serving certificate is issued by cert-manager, which must run in the cluster.",
      '{{- else if .Values.webhook.enable }}',
      '',
      'The webhooks serve the certificate of Secret {{ .Values.webhook.certificate.secretName }}; webhook.certificate.caBundle must hold its CA.',
      '{{- end }}',
    );
  return `${lines.join('\n')}\n`;
}

/** HELMIGNORE keeps editor and VCS files out of `helm package`. */
export const HELMIGNORE = `# Patterns of files \`helm package\` leaves out of the chart archive.
.DS_Store
.git/
.gitignore
.vscode/
.idea/
*.swp
*.bak
*.tmp
*.orig
*~
`;
