// The part of autocannon's programmatic API that bench-load.ts uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface TAutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: TAutocannonRequest) => TAutocannonRequest;
  }

  interface TAutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: TAutocannonRequest[];
  }

  interface TAutocannonResult {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
  }

  interface TAutocannonInstance extends EventEmitter {
    stop(): void;
  }

  function autocannon(
    options: TAutocannonOptions,
    done: (error: Error | null, result: TAutocannonResult) => void,
  ): TAutocannonInstance;

  export default autocannon;
}
