{{/*
memcached-operator.name is the chart name, or nameOverride.
*/}}
{{- define "memcached-operator.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
memcached-operator.fullname prefixes the name of every object: fullnameOverride, else the release name when it
already holds the chart name, else <release>-<chart>. Installed as release "memcached-operator", the names are the
ones kustomize gives (config/default's namePrefix).
*/}}
{{- define "memcached-operator.fullname" -}}
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
memcached-operator.chart is the value of the helm.sh/chart label.
*/}}
{{- define "memcached-operator.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
memcached-operator.resourceName is <fullname>-<suffix>, the fullname shortened so that the whole stays within 63
characters. Called with (dict "suffix" "<suffix>" "context" $).
*/}}
{{- define "memcached-operator.resourceName" -}}
{{- $full := include "memcached-operator.fullname" .context }}
{{- $max := sub 62 (len .suffix) | int }}
{{- printf "%s-%s" ($full | trunc $max | trimSuffix "-") .suffix | trunc 63 | trimSuffix "-" }}
{{- end }}
