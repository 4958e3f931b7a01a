// The part of autocannon 9's API that scripts/load-test.ts uses (the package ships no types; the
// DefinitelyTyped ones describe version 7).
declare module 'autocannon' {
  type Request = {
    method?: 'GET' | 'POST';
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  };
  type Histogram = { average: number; p50: number; p97_5: number; p99: number; max: number; total: number };
  type Result = { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number };
  type Options = { url: string; connections?: number; duration?: number; amount?: number; timeout?: number; requests?: Request[] };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
