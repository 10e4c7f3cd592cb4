/** The part of autocannon's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  type BuiltRequest = { path: string; headers?: Record<string, string> };
  type Request = {
    method?: string;
    path?: string;
    body?: string;
    headers?: Record<string, string>;
    /** `context` is per connection: state kept between one connection's requests. */
    setupRequest?: (request: BuiltRequest, context: Record<string, unknown>) => BuiltRequest;
  };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: Request[];
  };
  type Result = { requests: { average: number }; non2xx: number; errors: number; timeouts: number };
  type Instance = PromiseLike<Result> & {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
  };
  export default function autocannon(options: Options): Instance;
}
