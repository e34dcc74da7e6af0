// The part of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  interface Percentiles {
    average: number;
    p50: number;
    p99: number;
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
  }
  export default function autocannon(options: Options): Promise<Result>;
}
