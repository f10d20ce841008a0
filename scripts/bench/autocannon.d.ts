/** The part of autocannon's API the load bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Instance {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
    on(event: 'reqError', listener: (error: Error) => void): void;
  }
  function autocannon(options: Record<string, unknown>, done: (error: Error | null, result: unknown) => void): Instance;
  export default autocannon;
}
