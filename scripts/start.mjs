#!/usr/bin/env node
// `npm start`: builds if needed, then serves the production app on PORT (default 3000).
import { spawn } from 'node:child_process';
import { buildIfNeeded, nextBin, root } from './build-if-needed.mjs';

buildIfNeeded();
const port = process.env.PORT || '3000';
const server = spawn(process.execPath, [nextBin(), 'start', '-p', port], { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
