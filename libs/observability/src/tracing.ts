import { AsyncLocalStorage } from 'node:async_hooks';
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type Attributes,
  type Span,
} from '@opentelemetry/api';
import type { SpanExporter, TracerProvider } from '@opentelemetry/sdk-trace';

/**
 * OpenTelemetry traces, off unless OTEL_TRACES_EXPORTER says otherwise. Off, nothing of the SDK
 * is loaded and a span is a plain function call; the W3C trace context of the message being
 * handled is still passed on to what it sends (so a trace started upstream is not cut here).
 */

/** W3C trace context, as HTTP and Kafka headers and the bus envelope carry it. */
export type TraceCarrier = Partial<Record<'traceparent' | 'tracestate' | 'baggage', string>>;

const CARRIER_FIELDS = ['traceparent', 'tracestate', 'baggage'] as const;

/** The environment of tracing (validated by `baseEnvSchema`, read by the OTLP exporter too). */
export interface TracingSettings {
  /** `none` (default: off), `otlp` (OTLP over HTTP) or `console` (spans on stdout, for debugging). */
  OTEL_TRACES_EXPORTER: 'none' | 'otlp' | 'console';
  /** `http/protobuf` (default) or `http/json`. */
  OTEL_EXPORTER_OTLP_PROTOCOL?: 'http/protobuf' | 'http/json';
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?: 'http/protobuf' | 'http/json';
  /** `parentbased_always_on` (default), `always_on`, `[parentbased_]always_off`, `[parentbased_]traceidratio`. */
  OTEL_TRACES_SAMPLER: string;
  /** The ratio of the `traceidratio` samplers, 0 to 1 (default 1). */
  OTEL_TRACES_SAMPLER_ARG?: number;
}

export interface StartTracingOptions {
  /** Replaces the configured exporter (tests: an InMemorySpanExporter); spans go out one by one. */
  exporter?: SpanExporter;
}

type Sdk = typeof import('@opentelemetry/sdk-trace');

/* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on */
const load = {
  sdk: (): Sdk => require('@opentelemetry/sdk-trace'),
  contextManager: (): typeof import('@opentelemetry/context-async-hooks') =>
    require('@opentelemetry/context-async-hooks'),
  core: (): typeof import('@opentelemetry/core') => require('@opentelemetry/core'),
  resources: (): typeof import('@opentelemetry/resources') => require('@opentelemetry/resources'),
  otlpJson: (): typeof import('@opentelemetry/exporter-trace-otlp-http') =>
    require('@opentelemetry/exporter-trace-otlp-http'),
  otlpProtobuf: (): typeof import('@opentelemetry/exporter-trace-otlp-proto') =>
    require('@opentelemetry/exporter-trace-otlp-proto'),
};
/* eslint-enable @typescript-eslint/no-require-imports */

let provider: TracerProvider | undefined;
const passThrough = new AsyncLocalStorage<TraceCarrier>();

/**
 * Registers the SDK (context manager, W3C propagators, a tracer provider with the configured
 * exporter and sampler) when OTEL_TRACES_EXPORTER is `otlp` or `console`; does nothing for `none`.
 * The OTLP exporter reads its own standard variables (OTEL_EXPORTER_OTLP_ENDPOINT,
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_EXPORTER_OTLP_HEADERS, ...).
 */
export function startTracing(
  settings: TracingSettings,
  serviceName: string,
  options: StartTracingOptions = {},
): boolean {
  if (provider) throw new Error('tracing is already started in this process');
  if (settings.OTEL_TRACES_EXPORTER === 'none' && !options.exporter) return false;
  const sdk = load.sdk();
  const { AsyncLocalStorageContextManager } = load.contextManager();
  const { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } = load.core();
  const { resourceFromAttributes, envDetector, detectResources } = load.resources();

  const exporter = options.exporter ?? configuredExporter(settings, sdk);
  const processor = options.exporter
    ? new sdk.SimpleSpanProcessor({ exporter })
    : new sdk.BatchSpanProcessor({ exporter });
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (read by the env detector) win over the default.
  const resource = resourceFromAttributes({ 'service.name': serviceName }).merge(
    detectResources({ detectors: [envDetector] }),
  );
  const created = new sdk.TracerProvider({
    resource,
    sampler: sampler(settings, sdk),
    spanProcessors: [processor],
  });
  const contextManager = new AsyncLocalStorageContextManager();
  context.setGlobalContextManager(contextManager.enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
  trace.setGlobalTracerProvider(created);
  provider = created;
  return true;
}

/** Sends the spans still buffered (bounded) and unregisters the SDK; a no-op when tracing is off. */
export async function stopTracing(timeoutMs = 3_000): Promise<void> {
  const current = provider;
  if (!current) return;
  provider = undefined;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    current.shutdown().catch(() => undefined),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
  ]);
  clearTimeout(timer);
  trace.disable();
  propagation.disable();
  context.disable();
}

function configuredExporter(settings: TracingSettings, sdk: Sdk): SpanExporter {
  if (settings.OTEL_TRACES_EXPORTER === 'console') return new sdk.ConsoleSpanExporter();
  const protocol =
    settings.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? settings.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  const { OTLPTraceExporter } = protocol === 'http/json' ? load.otlpJson() : load.otlpProtobuf();
  return new OTLPTraceExporter();
}

function sampler(settings: TracingSettings, sdk: Sdk) {
  const ratio = settings.OTEL_TRACES_SAMPLER_ARG ?? 1;
  const root = (name: string) =>
    name.endsWith('always_off')
      ? new sdk.AlwaysOffSampler()
      : name.endsWith('traceidratio')
        ? new sdk.TraceIdRatioBasedSampler(ratio)
        : new sdk.AlwaysOnSampler();
  const name = settings.OTEL_TRACES_SAMPLER;
  return name.startsWith('parentbased_') ? new sdk.ParentBasedSampler({ root: root(name) }) : root(name);
}

/** The trace context of the work in progress, for a message or request it sends. */
export function currentTraceCarrier(): TraceCarrier {
  if (!provider) return { ...passThrough.getStore() };
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** The W3C fields of a header map or record (anything else left out). */
export function traceCarrierOf(
  source: Record<string, string | string[] | Buffer | (string | Buffer)[] | undefined> | undefined,
): TraceCarrier {
  const carrier: TraceCarrier = {};
  for (const name of CARRIER_FIELDS) {
    const raw = source?.[name];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value !== undefined && value.length > 0) carrier[name] = value.toString();
  }
  return carrier;
}

export type SpanKindName = 'server' | 'client' | 'producer' | 'consumer' | 'internal';

const KINDS: Record<SpanKindName, SpanKind> = {
  server: SpanKind.SERVER,
  client: SpanKind.CLIENT,
  producer: SpanKind.PRODUCER,
  consumer: SpanKind.CONSUMER,
  internal: SpanKind.INTERNAL,
};

export interface SpanOptions {
  kind: SpanKindName;
  /** Continue this trace (an incoming request's or message's); default the active context. */
  parent?: TraceCarrier;
  attributes?: Attributes;
}

/** A started span: `run` makes it the active one, `end` ends it (once). Off, both are plain calls. */
export interface SpanHandle {
  run<T>(fn: () => T): T;
  setAttribute(key: string, value: string | number | boolean): void;
  /** Ends the span; with an error (or `failed`) its status is ERROR. */
  end(outcome?: { error?: unknown; failed?: boolean }): void;
}

/** Starts a span (see SpanHandle). */
export function startSpan(name: string, options: SpanOptions): SpanHandle {
  if (!provider) return passThroughSpan(options.parent);
  // An incoming message or request starts from its own carrier (a new trace when it has none).
  const parent = options.parent ? propagation.extract(ROOT_CONTEXT, options.parent) : context.active();
  const span: Span = trace
    .getTracer('shelfscan')
    .startSpan(name, { kind: KINDS[options.kind], attributes: options.attributes }, parent);
  const active = trace.setSpan(parent, span);
  let ended = false;
  return {
    run: (fn) => context.with(active, fn),
    setAttribute: (key, value) => void span.setAttribute(key, value),
    end(outcome = {}) {
      if (ended) return;
      ended = true;
      if (outcome.error !== undefined) {
        const err = outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
        span.recordException(err);
        span.setStatus({ code: SpanStatusCode.ERROR, message: err.message });
      } else if (outcome.failed) {
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    },
  };
}

function passThroughSpan(parent: TraceCarrier | undefined): SpanHandle {
  const carrier = parent ? { ...parent } : undefined;
  return {
    run: (fn) => (carrier ? passThrough.run(carrier, fn) : fn()),
    setAttribute: () => undefined,
    end: () => undefined,
  };
}
