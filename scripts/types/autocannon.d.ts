// The part of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  interface Percentiles {
    average: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }
  /** One request of a run; `setupRequest` may change it before each send. */
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    setupRequest?: (request: Request) => Request;
  }
  interface Result {
    requests: Percentiles;
    latency: Percentiles;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    pipelining?: number;
    requests?: Request[];
    /** Requests per second across all connections (open loop); unset: as fast as answers come. */
    overallRate?: number;
    /** Seconds before a request counts as a timeout (default 10). */
    timeout?: number;
    /** TLS server name (SNI), for an https URL. */
    servername?: string;
  }
  /** A run started with a callback, which `stop()` ends early (the callback then gets the results). */
  interface Instance {
    stop(): void;
  }
  export default function autocannon(options: Options): Promise<Result>;
  export default function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
}
