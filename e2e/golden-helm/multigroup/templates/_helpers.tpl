{{/*
fleet-operator.name is the chart name, or nameOverride.
*/}}
{{- define "fleet-operator.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
fleet-operator.fullname prefixes the name of every object: fullnameOverride, else the release name when it
already holds the chart name, else <release>-<chart>. Installed as release "fleet-operator", the names are the
ones kustomize gives (config/default's namePrefix).
*/}}
{{- define "fleet-operator.fullname" -}}
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
fleet-operator.chart is the value of the helm.sh/chart label.
*/}}
{{- define "fleet-operator.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
fleet-operator.resourceName is <fullname>-<suffix>, the fullname shortened so that the whole stays within 63
characters. Called with (dict "suffix" "<suffix>" "context" $).
*/}}
{{- define "fleet-operator.resourceName" -}}
{{- $full := include "fleet-operator.fullname" .context }}
{{- $max := sub 62 (len .suffix) | int }}
{{- printf "%s-%s" ($full | trunc $max | trimSuffix "-") .suffix | trunc 63 | trimSuffix "-" }}
{{- end }}
