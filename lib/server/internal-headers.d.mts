import type { IncomingMessage, ServerResponse } from 'node:http';

export const REWRITE_HEADER: string;
export function internalPathOf(res: ServerResponse): string;
export function hideInternalHeaders(req: IncomingMessage, res: ServerResponse): void;
export function hideInternalHeadersOnHead(req: IncomingMessage, res: ServerResponse): void;
