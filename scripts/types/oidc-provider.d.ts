/**
 * The few parts of `oidc-provider` (dev dependency: the tests' and the demo's real OpenID
 * provider) that Ringi uses; the package ships no type declarations.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account { accountId: string; claims(): Promise<Record<string, unknown>> }
  interface ProviderConfiguration {
    clients?: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    findAccount?(ctx: unknown, id: string): Promise<Account | undefined>;
    features?: Record<string, unknown>;
    pkce?: { required?(): boolean };
    cookies?: { keys?: string[] };
    jwks?: { keys: Array<Record<string, unknown>> };
    ttl?: Record<string, number>;
    [key: string]: unknown;
  }
  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
