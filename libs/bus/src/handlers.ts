import type {
  DescMessage,
  DescMethod,
  DescService,
  MessageInitShape,
  MessageShape,
} from '@bufbuild/protobuf';
import { Controller, Inject, type Type } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { eventTopic, methodPattern } from '@shelfscan/contracts';
import type { BusContext } from './context.js';
import { EventHandler, RpcHandler } from './decorators.js';

/** What a handler class injects: a name per Nest injection token (a class, or an abstract class port). */
type Tokens = Record<string, abstract new (...args: never[]) => unknown>;

/** The injected providers, by the names of `Tokens`. */
export type Injected<T extends Tokens> = { [K in keyof T]: InstanceType<T[K]> };

type Awaitable<T> = T | Promise<T>;

/** The fields of a message, without protobuf's own properties. */
type Fields<O extends DescMessage> = Exclude<keyof MessageShape<O>, '$typeName' | '$unknown'>;

/** What a handler answers: the reply's init shape; nothing (void) when the reply has no fields. */
type Reply<O extends DescMessage> = [Fields<O>] extends [never]
  ? MessageInitShape<O> | void
  : MessageInitShape<O>;

/** One method of a service contract: the typed request in, the contract's reply out. */
type Method<M extends Pick<DescMethod, 'input' | 'output'>, D> = (
  req: MessageShape<M['input']>,
  deps: D,
  ctx: BusContext,
) => Awaitable<Reply<M['output']>>;

/** Handlers of some methods of `S` (a service of the contracts), by the methods' names in `S.method`. */
export type RpcTable<S extends DescService & { method: object }, D> = {
  [K in keyof S['method']]?: S['method'][K] extends Pick<DescMethod, 'input' | 'output'>
    ? Method<S['method'][K], D>
    : never;
};

/** One handler, as the table declares it: the pattern, how Nest learns it, and what it runs. */
interface Entry {
  readonly pattern: string;
  readonly decorate: MethodDecorator;
  /** Typed by the table (message and providers); the class passes what Nest and its constructor got. */
  readonly run: (message: never, deps: never, ctx: BusContext) => unknown;
}

/** What a table is written with: `on.rpc(Service, { method: (req, deps, ctx) => reply })`, `on.event(Schema, fn)`. */
export interface HandlerTable<D> {
  /** The handlers of methods of `service` (one service may be split over several tables). */
  rpc<S extends DescService & { method: object }>(service: S, methods: RpcTable<S, D>): Entry[];
  /** The handler of the event `schema` (consumed once per consumer group, at least once). */
  event<E extends DescMessage>(
    schema: E,
    handle: (evt: MessageShape<E>, deps: D, ctx: BusContext) => Awaitable<unknown>,
  ): Entry[];
}

const table: HandlerTable<never> = {
  rpc: (service, methods) =>
    Object.entries(methods as Record<string, Entry['run'] | undefined>).map(([name, run]) => {
      const method = service.methods.find((m) => m.localName === name);
      if (!method || !run) throw new Error(`${service.typeName} has no method ${name}`);
      return { pattern: methodPattern(method), decorate: RpcHandler(method), run };
    }),
  event: (schema, handle) => [
    { pattern: eventTopic(schema), decorate: EventHandler(schema) as MethodDecorator, run: handle },
  ],
};

/**
 * The Nest controller of a service's bus handlers, declared as a table instead of a class:
 *
 * ```ts
 * export const SearchHandlers = busHandlers({ todos: TodosService, events: ScanEventsService }, (on) => [
 *   on.rpc(SearchService, {
 *     listTodos: (req, { todos }) => todos.list(req),
 *     listMarketplaces: () => ({ marketplaces: marketplaceList() }),
 *   }),
 *   on.event(ScanStartedSchema, (evt, { events }, ctx) => events.started(evt, ctx)),
 * ]);
 * ```
 *
 * `inject` names the providers (Nest injection tokens) the handlers use; each handler receives the
 * decoded message typed by the contract, those providers, and the `BusContext`, and an RPC
 * handler's answer is checked against the method's reply. The class registers each handler with
 * `@RpcHandler(method)` / `@EventHandler(schema)`, exactly as a hand-written controller would:
 * the same patterns, the same error mapping (a thrown `BusError` reaches the caller as it is).
 */
export function busHandlers<T extends Tokens>(
  inject: T,
  declare: (on: HandlerTable<Injected<T>>) => Entry[][],
): Type {
  const names = Object.keys(inject);
  const entries = declare(table as HandlerTable<unknown> as HandlerTable<Injected<T>>).flat();

  class BusHandlers {
    readonly deps: Injected<T>;
    constructor(...providers: unknown[]) {
      this.deps = Object.fromEntries(names.map((name, i) => [name, providers[i]])) as Injected<T>;
    }
  }
  names.forEach((name, i) => Inject(inject[name])(BusHandlers, undefined, i));

  const proto = BusHandlers.prototype as unknown as Record<string, unknown>;
  for (const { pattern, decorate, run } of entries) {
    if (Object.hasOwn(proto, pattern)) throw new Error(`two handlers of ${pattern}`);
    Object.defineProperty(proto, pattern, {
      value: function (this: BusHandlers, message: never, ctx: BusContext) {
        return (run as (message: unknown, deps: unknown, ctx: BusContext) => unknown)(
          message,
          this.deps,
          ctx,
        );
      },
      configurable: true,
    });
    decorate(proto, pattern, Object.getOwnPropertyDescriptor(proto, pattern)!);
    // as `(@Payload() message, @Ctx() ctx)`: without them Nest passes the payload alone
    Payload()(proto, pattern, 0);
    Ctx()(proto, pattern, 1);
  }
  Controller()(BusHandlers);
  Object.defineProperty(BusHandlers, 'name', { value: `BusHandlers(${entries[0]?.pattern ?? ''}, …)` });
  return BusHandlers;
}
