{{/* ------------------------------------------------------------------------------------------
     Names and labels
   ------------------------------------------------------------------------------------------ */}}

{{- define "shelfscan.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Resource name prefix: fullnameOverride, else the release name when it contains the chart name, else "<release>-<chart>". */}}
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

{{/* "<fullname>-<suffix>", within 63 characters. Takes (dict "root" $ "name" "<suffix>"). */}}
{{- define "shelfscan.componentName" -}}
{{- printf "%s-%s" (include "shelfscan.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "shelfscan.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Selector labels of a component (or a hook Job kind). Takes (dict "root" $ "name" "<component>"). */}}
{{- define "shelfscan.selectorLabels" -}}
app.kubernetes.io/name: {{ include "shelfscan.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{- define "shelfscan.labels" -}}
{{ include "shelfscan.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: shelfscan
helm.sh/chart: {{ include "shelfscan.chart" .root }}
{{- with .root.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* ------------------------------------------------------------------------------------------
     Components: every top-level values entry with an "image" map, merged over componentDefaults.
   ------------------------------------------------------------------------------------------ */}}

{{/* Names of the component entries, sorted. */}}
{{- define "shelfscan.componentNames" -}}
{{- $names := list -}}
{{- range $name := keys .Values | sortAlpha -}}
{{- $v := index $.Values $name -}}
{{- if and (ne $name "componentDefaults") (kindIs "map" $v) (hasKey $v "image") -}}
{{- $names = append $names $name -}}
{{- end -}}
{{- end -}}
{{- toYaml $names -}}
{{- end -}}

{{/* Names of the enabled components, sorted. */}}
{{- define "shelfscan.enabledComponents" -}}
{{- $names := list -}}
{{- range $name := include "shelfscan.componentNames" . | fromYamlArray -}}
{{- if (include "shelfscan.component" (dict "root" $ "name" $name) | fromYaml).enabled -}}
{{- $names = append $names $name -}}
{{- end -}}
{{- end -}}
{{- toYaml $names -}}
{{- end -}}

{{/*
Deep merge of two maps as YAML: maps are merged key by key, any other value of "over" (lists,
false, 0, "") replaces the one of "base". (Sprig's merge functions skip false/0/"" values, so a
component could not turn a default off with them.)
*/}}
{{- define "shelfscan.deepMerge" -}}
{{- $out := deepCopy .base -}}
{{- range $k, $v := .over -}}
{{- $b := index $out $k -}}
{{- if and (kindIs "map" $v) (kindIs "map" $b) -}}
{{- $_ := set $out $k (include "shelfscan.deepMerge" (dict "base" $b "over" $v) | fromYaml) -}}
{{- else -}}
{{- $_ := set $out $k $v -}}
{{- end -}}
{{- end -}}
{{- toYaml $out -}}
{{- end -}}

{{/* The effective values of a component, as YAML: componentDefaults with the entry merged over it. Takes (dict "root" $ "name" "<component>"). */}}
{{- define "shelfscan.component" -}}
{{- $entry := index .root.Values .name -}}
{{- if not (kindIs "map" $entry) -}}
{{- fail (printf "values: %s is not a component entry" .name) -}}
{{- end -}}
{{- include "shelfscan.deepMerge" (dict "base" .root.Values.componentDefaults "over" $entry) -}}
{{- end -}}

{{/* Image reference: [registry/]repository(@digest | :tag). A "tag@" or "tag@sha256:..." tag (skaffold) is kept as written. */}}
{{- define "shelfscan.image" -}}
{{- $img := .image -}}
{{- $repo := $img.repository -}}
{{- with .root.Values.global.imageRegistry -}}
{{- $repo = printf "%s/%s" (trimSuffix "/" .) $repo -}}
{{- end -}}
{{- if $img.digest -}}
{{- printf "%s@%s" $repo $img.digest -}}
{{- else -}}
{{- $tag := $img.tag | default .root.Values.global.imageTag | default .root.Chart.AppVersion | toString -}}
{{- printf "%s:%s" $repo (trimSuffix "@" $tag) -}}
{{- end -}}
{{- end -}}

{{- define "shelfscan.serviceAccountName" -}}
{{- if .c.serviceAccount.create -}}
{{- default (include "shelfscan.componentName" .) .c.serviceAccount.name -}}
{{- else -}}
{{- default "default" .c.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* Minimum number of replicas a component runs with (the HPA's minimum, or replicaCount). */}}
{{- define "shelfscan.minReplicas" -}}
{{- if .c.autoscaling.enabled -}}{{ .c.autoscaling.minReplicas }}{{- else -}}{{ .c.replicaCount }}{{- end -}}
{{- end -}}

{{/* ------------------------------------------------------------------------------------------
     Secrets and environment
   ------------------------------------------------------------------------------------------ */}}

{{- define "shelfscan.postgresSecret" -}}
{{- default (include "shelfscan.componentName" (dict "root" . "name" "postgres")) .Values.postgres.existingSecret -}}
{{- end -}}

{{- define "shelfscan.kafkaSecret" -}}
{{- default (include "shelfscan.componentName" (dict "root" . "name" "kafka")) .Values.kafka.existingSecret -}}
{{- end -}}

{{- define "shelfscan.smtpSecret" -}}
{{- default (include "shelfscan.componentName" (dict "root" . "name" "smtp")) .Values.smtp.existingSecret -}}
{{- end -}}

{{/*
Plain environment of a component as a YAML map: shared `config` (Node components), OTEL_*, the
component's `env` (through tpl), then <portEnv>=<containerPort> and HEALTH_PORT=<metrics.port>. Empty values are left out, so the
variable stays unset and the service uses its documented default.
*/}}
{{- define "shelfscan.envMap" -}}
{{- $c := .c -}}
{{- $env := dict -}}
{{- if $c.bus -}}
{{- $env = deepCopy .root.Values.config -}}
{{- if .root.Values.otel.endpoint -}}
{{- $_ := set $env "OTEL_TRACES_EXPORTER" "otlp" -}}
{{- $_ := set $env "OTEL_EXPORTER_OTLP_ENDPOINT" .root.Values.otel.endpoint -}}
{{- else -}}
{{- $_ := set $env "OTEL_TRACES_EXPORTER" "none" -}}
{{- end -}}
{{- $_ := set $env "OTEL_SERVICE_NAME" (printf "shelfscan-%s" .name) -}}
{{- end -}}
{{- range $k, $v := ($c.env | default dict) -}}
{{- $_ := set $env $k $v -}}
{{- end -}}
{{- if $c.portEnv -}}
{{- $_ := set $env $c.portEnv (toString $c.containerPort) -}}
{{- end -}}
{{- if and $c.metrics $c.metrics.port -}}
{{- $_ := set $env "HEALTH_PORT" (toString $c.metrics.port) -}}
{{- end -}}
{{- range $k := keys $env | sortAlpha -}}
{{- $v := index $env $k -}}
{{- if not (or (kindIs "invalid" $v) (eq (toString $v) "")) }}
{{ $k }}: {{ tpl (toString $v) $.root | quote }}
{{- end -}}
{{- end -}}
{{- end -}}

{{/*
Kafka's env entries (every Kafka component, its migration Job and the topic Job; takes the root):
KAFKA_BROKERS from the kafka Secret, then TLS (KAFKA_SSL, KAFKA_SSL_CA_FILE on the mounted CA) and
SASL (the mechanism; user name and password from kafka.sasl.existingSecret) as kafka.tls/sasl say.
*/}}
{{- define "shelfscan.kafkaEnv" -}}
{{- $k := .Values.kafka }}
- name: KAFKA_BROKERS
  valueFrom:
    secretKeyRef:
      name: {{ include "shelfscan.kafkaSecret" . }}
      key: {{ $k.brokersKey }}
{{- if $k.tls.enabled }}
- name: KAFKA_SSL
  value: "true"
{{- if $k.tls.caSecret.name }}
- name: KAFKA_SSL_CA_FILE
  value: {{ include "shelfscan.kafkaCaFile" . | quote }}
{{- end }}
{{- end }}
{{- if $k.sasl.mechanism }}
- name: KAFKA_SASL_MECHANISM
  value: {{ $k.sasl.mechanism | quote }}
- name: KAFKA_SASL_USERNAME
  valueFrom:
    secretKeyRef:
      name: {{ $k.sasl.existingSecret }}
      key: {{ $k.sasl.usernameKey }}
- name: KAFKA_SASL_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $k.sasl.existingSecret }}
      key: {{ $k.sasl.passwordKey }}
{{- end }}
{{- end -}}

{{/* Where the Kafka CA bundle (kafka.tls.caSecret) is mounted, read-only. */}}
{{- define "shelfscan.kafkaCaFile" -}}/etc/shelfscan/kafka-ca/ca.crt{{- end -}}

{{/* The volume of the Kafka CA bundle (when kafka.tls.caSecret is set; takes the root). */}}
{{- define "shelfscan.kafkaCaVolume" -}}
{{- $t := .Values.kafka.tls }}
{{- if and $t.enabled $t.caSecret.name }}
- name: kafka-ca
  secret:
    secretName: {{ $t.caSecret.name }}
    items:
      - key: {{ $t.caSecret.key }}
        path: ca.crt
{{- end }}
{{- end -}}

{{- define "shelfscan.kafkaCaVolumeMount" -}}
{{- $t := .Values.kafka.tls }}
{{- if and $t.enabled $t.caSecret.name }}
- name: kafka-ca
  mountPath: {{ include "shelfscan.kafkaCaFile" . | dir }}
  readOnly: true
{{- end }}
{{- end -}}

{{/* env entries read from Secrets: Kafka's (shelfscan.kafkaEnv), DATABASE_URL, SMTP_URL as the component uses them, then its own secretEnv. */}}
{{- define "shelfscan.secretEnv" -}}
{{- $c := .c -}}
{{- $root := .root -}}
{{- if $c.bus }}
{{- include "shelfscan.kafkaEnv" $root }}
{{- end }}
{{- if $c.database.enabled }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "shelfscan.postgresSecret" $root }}
      key: {{ $c.database.urlKey | default $root.Values.postgres.urlKey }}
{{- end }}
{{- if and $c.mail $root.Values.smtp.enabled }}
- name: SMTP_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "shelfscan.smtpSecret" $root }}
      key: {{ $root.Values.smtp.urlKey }}
{{- end }}
{{- $own := default (include "shelfscan.componentName" .) $c.secretName -}}
{{- range $c.secretEnv }}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ $own }}
      key: {{ .key | default .name }}
      {{- if .optional }}
      optional: true
      {{- end }}
{{- end -}}
{{- end -}}

{{/* ------------------------------------------------------------------------------------------
     Pod pieces shared by Deployments and hook Jobs. Take (dict "root" $ "name" n "c" <component>).
   ------------------------------------------------------------------------------------------ */}}

{{- define "shelfscan.writableDirs" -}}
{{- toYaml (prepend (.c.extraWritableDirs | default list) "/tmp" | uniq) -}}
{{- end -}}

{{- define "shelfscan.volumeName" -}}
{{- regexReplaceAll "[^a-z0-9]+" (lower .) "-" | trimAll "-" -}}
{{- end -}}

{{- define "shelfscan.volumes" -}}
{{- range (include "shelfscan.writableDirs" . | fromYamlArray) }}
- name: {{ include "shelfscan.volumeName" . }}
  emptyDir: {}
{{- end -}}
{{- if .c.bus }}
{{- include "shelfscan.kafkaCaVolume" .root }}
{{- end -}}
{{- end -}}

{{- define "shelfscan.volumeMounts" -}}
{{- range (include "shelfscan.writableDirs" . | fromYamlArray) }}
- name: {{ include "shelfscan.volumeName" . }}
  mountPath: {{ . }}
{{- end -}}
{{- if .c.bus }}
{{- include "shelfscan.kafkaCaVolumeMount" .root }}
{{- end -}}
{{- end -}}

{{- define "shelfscan.imagePullSecrets" -}}
{{- with .Values.global.imagePullSecrets }}
imagePullSecrets:
  {{- range . }}
  - name: {{ . }}
  {{- end }}
{{- end -}}
{{- end -}}

{{/* Scheduling keys of a pod spec (nodeSelector, affinity, tolerations). */}}
{{- define "shelfscan.scheduling" -}}
{{- with .c.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .c.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .c.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* ------------------------------------------------------------------------------------------
     NetworkPolicy rules
   ------------------------------------------------------------------------------------------ */}}

{{/* One egress rule (as YAML) for a target: a name under networkPolicy.egress ({to, ports}; no "to" = any address), or a component (its pods, on its container port). Takes (dict "root" $ "target" name). */}}
{{- define "shelfscan.egressRule" -}}
{{- $np := .root.Values.networkPolicy -}}
{{- if hasKey $np.egress .target -}}
{{- $t := index $np.egress .target -}}
{{- $rule := dict "ports" $t.ports -}}
{{- with $t.to }}{{ $_ := set $rule "to" . }}{{ end -}}
{{- toYaml $rule -}}
{{- else -}}
{{- $other := include "shelfscan.component" (dict "root" .root "name" .target) | fromYaml -}}
{{- $pods := dict "podSelector" (dict "matchLabels" (include "shelfscan.selectorLabels" (dict "root" .root "name" .target) | fromYaml)) -}}
{{- toYaml (dict "to" (list $pods) "ports" (list (dict "port" $other.containerPort "protocol" "TCP"))) -}}
{{- end -}}
{{- end -}}

{{/* The DNS egress rule (as YAML). */}}
{{- define "shelfscan.dnsRule" -}}
{{- toYaml (dict "to" .Values.networkPolicy.dns.to "ports" .Values.networkPolicy.dns.ports) -}}
{{- end -}}
