import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';

export const REQUEST_BODY_LIMIT_BYTES: number;
export const DEFAULT_REQUEST_TIMEOUT_MS: number;
export function isCacheFunctionId(id: unknown): boolean;
export function actionHost(headers: IncomingMessage['headers']): string | null;
export function originVerdict(headers: IncomingMessage['headers']): 'same' | 'other' | 'malformed';
export function guardRequest(req: IncomingMessage, res: ServerResponse, proceed: () => void, options?: { bodyLimitBytes?: number }): void;
export function serverTimeoutOptions(options?: { requestTimeoutMs?: number }): Pick<ServerOptions, 'requestTimeout' | 'headersTimeout' | 'keepAliveTimeout' | 'connectionsCheckingInterval'>;
export function requestTimeoutFromEnv(env: Record<string, string | undefined>): number;
