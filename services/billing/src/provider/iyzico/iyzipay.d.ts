// The official `iyzipay` package ships no types (and @types/iyzipay does not match it): the
// little of it the typed wrapper (iyzipay-client.ts) uses.
declare module 'iyzipay' {
  type Callback = (err: Error | null, result: Record<string, unknown> | undefined) => void;
  interface Resource {
    create(body: object, cb: Callback): void;
    retrieve(body: object, cb: Callback): void;
    delete(body: object, cb: Callback): void;
  }
  class Iyzipay {
    constructor(config: { apiKey: string; secretKey: string; uri: string });
    card: Resource;
    payment: Resource;
    threedsInitialize: Resource;
    threedsPayment: Resource;
    cancel: Resource;
    refundV2: Resource;
  }
  export = Iyzipay;
}
