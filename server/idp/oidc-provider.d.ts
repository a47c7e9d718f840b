/**
 * The small part of oidc-provider 9's API that server/idp uses (the package ships no types and
 * @types/oidc-provider is not installed). Extend as needed; keep it honest to the runtime.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface InteractionDetails {
    uid: string;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, string | undefined>;
    session?: { accountId?: string; uid?: string };
  }

  export interface GrantInstance {
    jti: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface SessionInstance {
    accountId?: string;
    destroy(): Promise<void>;
  }

  export interface ClientInstance {
    clientId: string;
    grantTypeAllowed(type: string): boolean;
  }

  export interface TokenInstance {
    kind: string;
    accountId?: string;
  }

  export interface KoaContextLike {
    path: string;
    method: string;
    status: number;
    type: string;
    body: unknown;
    oidc: {
      client?: ClientInstance;
      params?: Record<string, unknown>;
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      route?: string;
      provider: Provider;
    };
  }

  export type Configuration = Record<string, unknown>;

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    Grant: {
      new (init: { accountId: string; clientId: string }): GrantInstance;
      find(id: string): Promise<GrantInstance | undefined>;
    };
    Session: {
      find(id: string): Promise<SessionInstance | undefined>;
      get(ctx: { req: IncomingMessage; res: ServerResponse; secure?: boolean }): Promise<SessionInstance>;
    };
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
    SessionNotFound: new (description?: string) => Error;
  };
}
