{{/*
Shared helpers. Every component (gateway, auth, scraper, web, and later billing/search/admin) is a
top-level values entry with the same shape (see values.yaml, "gateway"), and its template folder
only calls the component helpers below with its name:

  {{- include "shelfscan.deployment" (dict "root" $ "name" "auth") }}

so adding a service is: a values entry + a copy of a template folder with the name changed.
*/}}

{{/* Chart name, overridable with nameOverride. */}}
{{- define "shelfscan.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Release-wide name prefix: <release>-<chart>, or the release name when it already holds the chart name. */}}
{{- define "shelfscan.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* chart label value: <name>-<version>. */}}
{{- define "shelfscan.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Fails with a clear message when a template folder has no values entry of its name; else prints "ok". */}}
{{- define "shelfscan.check" -}}
{{- if not (kindIs "map" (index .root.Values .name)) -}}
{{- fail (printf "values entry %q is missing: every template folder needs a values entry of the same name" .name) -}}
{{- end -}}
ok
{{- end -}}

{{/* Name of a component's resources: <fullname>-<component>. */}}
{{- define "shelfscan.componentName" -}}
{{- printf "%s-%s" (include "shelfscan.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels that select a component's pods (immutable in a Deployment: never add to them). */}}
{{- define "shelfscan.selectorLabels" -}}
app.kubernetes.io/name: {{ include "shelfscan.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* Standard labels of every resource (app.kubernetes.io/*). (dict "root" $ "name" "<component>") */}}
{{- define "shelfscan.labels" -}}
helm.sh/chart: {{ include "shelfscan.chart" .root }}
{{ include "shelfscan.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: shelfscan
{{- with .root.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* Full image reference: [global.imageRegistry/]repository(:tag|@digest). (dict "root" $ "image" $c.image) */}}
{{- define "shelfscan.image" -}}
{{- $registry := .root.Values.global.imageRegistry -}}
{{- $repo := required "image.repository is required for every component" .image.repository -}}
{{- if $registry -}}
{{- $repo = printf "%s/%s" (trimSuffix "/" $registry) $repo -}}
{{- end -}}
{{- if .image.digest -}}
{{- printf "%s@%s" $repo .image.digest -}}
{{- else -}}
{{- $tag := .image.tag | default .root.Values.global.imageTag | default .root.Chart.AppVersion -}}
{{- /* skaffold passes "<tag>@<digest>"; the digest is empty for images that were never pushed */ -}}
{{- printf "%s:%s" $repo (toString $tag | trimSuffix "@") -}}
{{- end -}}
{{- end -}}

{{/* ServiceAccount name of a component. */}}
{{- define "shelfscan.serviceAccountName" -}}
{{- $_ := include "shelfscan.check" . -}}
{{- $c := index .root.Values .name -}}
{{- if $c.serviceAccount.create -}}
{{- default (include "shelfscan.componentName" .) $c.serviceAccount.name -}}
{{- else -}}
{{- default "default" $c.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* Name of the Secret holding DATABASE_URL, JWT keys, SMTP_URL, ... (existingSecret or <fullname>-secrets). */}}
{{- define "shelfscan.secretName" -}}
{{- default (printf "%s-secrets" (include "shelfscan.fullname" .)) .Values.secrets.existingSecret -}}
{{- end -}}

{{/*
Plain (non-secret) environment of a component as a YAML map, rendered through tpl so values may
reference other values: shared `config` (when useSharedConfig), then the component's `env`, then
<portEnv>=<containerPort>. Empty values are left out, so the variable stays unset and the service
uses its documented default.
*/}}
{{- define "shelfscan.envMap" -}}
{{- $_ := include "shelfscan.check" . -}}
{{- $c := index .root.Values .name -}}
{{- $env := dict -}}
{{- if $c.useSharedConfig -}}
{{- $env = merge $env (deepCopy .root.Values.config) -}}
{{- end -}}
{{- $env = mergeOverwrite $env (deepCopy ($c.env | default dict)) -}}
{{- if $c.portEnv -}}
{{- $_ := set $env $c.portEnv (toString $c.containerPort) -}}
{{- end -}}
{{- range $k := keys $env | sortAlpha -}}
{{- $v := index $env $k -}}
{{- if not (or (kindIs "invalid" $v) (eq (toString $v) "")) }}
{{ $k }}: {{ tpl (toString $v) $.root | quote }}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* env entries read from Secrets, one per secretEnv item ({name, key, secretName, optional}). */}}
{{- define "shelfscan.secretEnv" -}}
{{- $_ := include "shelfscan.check" . -}}
{{- $c := index .root.Values .name -}}
{{- $default := include "shelfscan.secretName" .root -}}
{{- range $c.secretEnv }}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ .secretName | default $default }}
      key: {{ .key | default .name }}
      optional: {{ .optional | default false }}
{{- end -}}
{{- end -}}

{{/* Pod securityContext: global podSecurityContext overlaid with the component's. */}}
{{- define "shelfscan.podSecurityContext" -}}
{{- $_ := include "shelfscan.check" . -}}
{{- $c := index .root.Values .name -}}
{{- toYaml (mergeOverwrite (deepCopy .root.Values.podSecurityContext) ($c.podSecurityContext | default dict)) -}}
{{- end -}}

{{/* Container securityContext: global containerSecurityContext overlaid with the component's. */}}
{{- define "shelfscan.containerSecurityContext" -}}
{{- $_ := include "shelfscan.check" . -}}
{{- $c := index .root.Values .name -}}
{{- toYaml (mergeOverwrite (deepCopy .root.Values.containerSecurityContext) ($c.securityContext | default dict)) -}}
{{- end -}}

{{/* Writable directories (emptyDir): always /tmp, plus the component's extraWritableDirs. */}}
{{- define "shelfscan.writableDirs" -}}
{{- $_ := include "shelfscan.check" . -}}
{{- $c := index .root.Values .name -}}
{{- $dirs := prepend ($c.extraWritableDirs | default list) "/tmp" | uniq -}}
{{- range $dirs }}
- {{ . }}
{{- end -}}
{{- end -}}

{{- define "shelfscan.volumeName" -}}
{{- regexReplaceAll "[^a-z0-9]+" (lower .) "-" | trimAll "-" -}}
{{- end -}}

{{- define "shelfscan.volumes" -}}
{{- range (include "shelfscan.writableDirs" . | fromYamlArray) }}
- name: {{ include "shelfscan.volumeName" . }}
  emptyDir: {}
{{- end -}}
{{- end -}}

{{- define "shelfscan.volumeMounts" -}}
{{- range (include "shelfscan.writableDirs" . | fromYamlArray) }}
- name: {{ include "shelfscan.volumeName" . }}
  mountPath: {{ . }}
{{- end -}}
{{- end -}}


{{/* ------------------------------------------------------------------------------------------
     Component resources. Each takes (dict "root" $ "name" "<component>") and renders nothing
     when the component is disabled.
   ------------------------------------------------------------------------------------------ */}}

{{- define "shelfscan.configmap" -}}
{{- $_ := include "shelfscan.check" . -}}
{{- $c := index .root.Values .name -}}
{{- if $c.enabled }}
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ include "shelfscan.componentName" . }}
  namespace: {{ .root.Release.Namespace }}
  labels:
    {{- include "shelfscan.labels" . | nindent 4 }}
data:
  {{- include "shelfscan.envMap" . | trim | nindent 2 }}
{{- end }}
{{- end -}}

{{- define "shelfscan.serviceaccount" -}}
{{- $_ := include "shelfscan.check" . -}}
{{- $c := index .root.Values .name -}}
{{- if and $c.enabled $c.serviceAccount.create }}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "shelfscan.serviceAccountName" . }}
  namespace: {{ .root.Release.Namespace }}
  labels:
    {{- include "shelfscan.labels" . | nindent 4 }}
  {{- with $c.serviceAccount.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
automountServiceAccountToken: {{ $c.serviceAccount.automountToken }}
{{- end }}
{{- end -}}

{{- define "shelfscan.service" -}}
{{- $_ := include "shelfscan.check" . -}}
{{- $c := index .root.Values .name -}}
{{- if $c.enabled }}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "shelfscan.componentName" . }}
  namespace: {{ .root.Release.Namespace }}
  labels:
    {{- include "shelfscan.labels" . | nindent 4 }}
  {{- with $c.service.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  type: {{ $c.service.type }}
  selector:
    {{- include "shelfscan.selectorLabels" . | nindent 4 }}
  ports:
    - name: http
      port: {{ $c.service.port }}
      targetPort: http
      protocol: TCP
{{- end }}
{{- end -}}

{{- define "shelfscan.deployment" -}}
{{- $_ := include "shelfscan.check" . -}}
{{- $c := index .root.Values .name -}}
{{- if $c.enabled }}
{{- $probes := $c.probes }}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "shelfscan.componentName" . }}
  namespace: {{ .root.Release.Namespace }}
  labels:
    {{- include "shelfscan.labels" . | nindent 4 }}
spec:
  {{- if not $c.autoscaling.enabled }}
  replicas: {{ $c.replicaCount }}
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "shelfscan.selectorLabels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "shelfscan.labels" . | nindent 8 }}
        {{- with $c.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      annotations:
        checksum/config: {{ include "shelfscan.envMap" . | sha256sum }}
        {{- if $c.metrics.enabled }}
        prometheus.io/scrape: "true"
        prometheus.io/port: {{ $c.containerPort | quote }}
        prometheus.io/path: {{ $c.metrics.path | quote }}
        {{- end }}
        {{- with $c.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "shelfscan.serviceAccountName" . }}
      automountServiceAccountToken: {{ $c.serviceAccount.automountToken }}
      {{- with .root.Values.global.imagePullSecrets }}
      imagePullSecrets:
        {{- range . }}
        - name: {{ . }}
        {{- end }}
      {{- end }}
      securityContext:
        {{- include "shelfscan.podSecurityContext" . | nindent 8 }}
      terminationGracePeriodSeconds: {{ $c.terminationGracePeriodSeconds }}
      containers:
        - name: {{ .name }}
          image: {{ include "shelfscan.image" (dict "root" .root "image" $c.image) | quote }}
          imagePullPolicy: {{ $c.image.pullPolicy | default .root.Values.global.imagePullPolicy }}
          {{- with $c.command }}
          command:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          {{- with $c.args }}
          args:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          ports:
            - name: http
              containerPort: {{ $c.containerPort }}
              protocol: TCP
          envFrom:
            - configMapRef:
                name: {{ include "shelfscan.componentName" . }}
          {{- with (include "shelfscan.secretEnv" .) }}
          env:
            {{- . | trim | nindent 12 }}
          {{- end }}
          {{- if $probes.startup.enabled }}
          startupProbe:
            httpGet:
              path: {{ $probes.startup.path }}
              port: http
            periodSeconds: {{ $probes.startup.periodSeconds }}
            timeoutSeconds: {{ $probes.startup.timeoutSeconds }}
            failureThreshold: {{ $probes.startup.failureThreshold }}
          {{- end }}
          livenessProbe:
            httpGet:
              path: {{ $probes.liveness.path }}
              port: http
            initialDelaySeconds: {{ $probes.liveness.initialDelaySeconds }}
            periodSeconds: {{ $probes.liveness.periodSeconds }}
            timeoutSeconds: {{ $probes.liveness.timeoutSeconds }}
            failureThreshold: {{ $probes.liveness.failureThreshold }}
          readinessProbe:
            httpGet:
              path: {{ $probes.readiness.path }}
              port: http
            initialDelaySeconds: {{ $probes.readiness.initialDelaySeconds }}
            periodSeconds: {{ $probes.readiness.periodSeconds }}
            timeoutSeconds: {{ $probes.readiness.timeoutSeconds }}
            failureThreshold: {{ $probes.readiness.failureThreshold }}
          resources:
            {{- toYaml $c.resources | nindent 12 }}
          securityContext:
            {{- include "shelfscan.containerSecurityContext" . | nindent 12 }}
          volumeMounts:
            {{- include "shelfscan.volumeMounts" . | trim | nindent 12 }}
      volumes:
        {{- include "shelfscan.volumes" . | trim | nindent 8 }}
      {{- with $c.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $c.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $c.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $c.topologySpreadConstraints }}
      topologySpreadConstraints:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end }}
{{- end -}}

{{- define "shelfscan.hpa" -}}
{{- $_ := include "shelfscan.check" . -}}
{{- $c := index .root.Values .name -}}
{{- if and $c.enabled $c.autoscaling.enabled }}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "shelfscan.componentName" . }}
  namespace: {{ .root.Release.Namespace }}
  labels:
    {{- include "shelfscan.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "shelfscan.componentName" . }}
  minReplicas: {{ $c.autoscaling.minReplicas }}
  maxReplicas: {{ $c.autoscaling.maxReplicas }}
  metrics:
    {{- with $c.autoscaling.targetCPUUtilizationPercentage }}
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ . }}
    {{- end }}
    {{- with $c.autoscaling.targetMemoryUtilizationPercentage }}
    - type: Resource
      resource:
        name: memory
        target:
          type: Utilization
          averageUtilization: {{ . }}
    {{- end }}
{{- end }}
{{- end -}}

{{- define "shelfscan.pdb" -}}
{{- $_ := include "shelfscan.check" . -}}
{{- $c := index .root.Values .name -}}
{{- if and $c.enabled $c.pdb.enabled }}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "shelfscan.componentName" . }}
  namespace: {{ .root.Release.Namespace }}
  labels:
    {{- include "shelfscan.labels" . | nindent 4 }}
spec:
  {{- if $c.pdb.maxUnavailable }}
  maxUnavailable: {{ $c.pdb.maxUnavailable }}
  {{- else }}
  minAvailable: {{ $c.pdb.minAvailable | default 1 }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "shelfscan.selectorLabels" . | nindent 6 }}
{{- end }}
{{- end -}}

{{/*
Migration hook Job of a component: `<command> <migrations.args>` (e.g. node services/auth/dist/main.js
migrate) before install and upgrade. The release's ConfigMap and ServiceAccount do not exist yet at
pre-install, so the environment is inlined and the pod runs without an API token.
*/}}
{{- define "shelfscan.migrationJob" -}}
{{- $_ := include "shelfscan.check" . -}}
{{- $c := index .root.Values .name -}}
{{- if and $c.enabled $c.migrations $c.migrations.enabled }}
{{- $m := $c.migrations }}
apiVersion: batch/v1
kind: Job
metadata:
  name: {{ printf "%s-migrate" (include "shelfscan.componentName" .) | trunc 63 | trimSuffix "-" }}
  namespace: {{ .root.Release.Namespace }}
  labels:
    {{- include "shelfscan.labels" . | nindent 4 }}
    shelfscan.io/job: migrate
  annotations:
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-weight: {{ $m.hookWeight | default 0 | quote }}
    helm.sh/hook-delete-policy: {{ .root.Values.migrations.hookDeletePolicy | quote }}
spec:
  backoffLimit: {{ $m.backoffLimit }}
  activeDeadlineSeconds: {{ $m.activeDeadlineSeconds }}
  template:
    metadata:
      labels:
        {{- include "shelfscan.selectorLabels" (dict "root" .root "name" (printf "%s-migrate" .name)) | nindent 8 }}
        shelfscan.io/job: migrate
    spec:
      restartPolicy: Never
      automountServiceAccountToken: false
      {{- with .root.Values.global.imagePullSecrets }}
      imagePullSecrets:
        {{- range . }}
        - name: {{ . }}
        {{- end }}
      {{- end }}
      securityContext:
        {{- include "shelfscan.podSecurityContext" . | nindent 8 }}
      containers:
        - name: migrate
          image: {{ include "shelfscan.image" (dict "root" .root "image" $c.image) | quote }}
          imagePullPolicy: {{ $c.image.pullPolicy | default .root.Values.global.imagePullPolicy }}
          command:
            {{- toYaml (required (printf "%s.command is required when migrations are enabled" .name) $c.command) | nindent 12 }}
          args:
            {{- toYaml $m.args | nindent 12 }}
          env:
            {{- range $k, $v := (include "shelfscan.envMap" . | fromYaml) }}
            - name: {{ $k }}
              value: {{ $v | quote }}
            {{- end }}
            {{- with (include "shelfscan.secretEnv" .) }}
            {{- . | trim | nindent 12 }}
            {{- end }}
          resources:
            {{- toYaml ($m.resources | default $c.resources) | nindent 12 }}
          securityContext:
            {{- include "shelfscan.containerSecurityContext" . | nindent 12 }}
          volumeMounts:
            {{- include "shelfscan.volumeMounts" . | trim | nindent 12 }}
      volumes:
        {{- include "shelfscan.volumes" . | trim | nindent 8 }}
      {{- with $c.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $c.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end }}
{{- end -}}

{{/* Every values entry that is a component (a map with image and containerPort), sorted by name. */}}
{{- define "shelfscan.componentNames" -}}
{{- range $name := keys .Values | sortAlpha }}
{{- $v := index $.Values $name }}
{{- if and (kindIs "map" $v) (hasKey $v "image") (hasKey $v "containerPort") }}
- {{ $name }}
{{- end }}
{{- end }}
{{- end -}}
