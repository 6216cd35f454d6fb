// The few parts of autocannon (which ships no types) that scripts/bench-api.ts uses.
declare module 'autocannon' {
  interface RequestSpec {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';
    body?: string;
    headers?: Record<string, string>;
    onResponse?: (status: number, body: string) => void;
  }
  interface Options {
    url: string;
    requests?: RequestSpec[];
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';
    body?: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    timeout?: number;
  }
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
