import type { ServerResponse } from 'node:http';

export function beforeHead(res: ServerResponse, apply: () => void): void;
