// A TLS front speaking HTTP/2 (Debian's nginx) before a local server, as a CDN or TLS terminator
// serves the site in production (every answer carries HSTS: the site is only ever reached over
// HTTPS). The bench's Lighthouse loads go through it as well as straight to the server (decision
// 0305). Its certificate is self-signed, made once with openssl: the browser is told to accept it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The installed nginx's version as [major, minor], or null without one (Debian: nginx-light is enough). */
function nginxVersion() {
  const answer = spawnSync('nginx', ['-v'], { encoding: 'utf8' });
  const found = answer.status === 0 ? /nginx\/(\d+)\.(\d+)/.exec(answer.stderr) : null;
  return found ? [Number(found[1]), Number(found[2])] : null;
}

/** Whether Debian's nginx is installed. */
export const hasNginx = () => nginxVersion() !== null;

/**
 * nginx's configuration: TLS 1.2/1.3 with HTTP/2 on 127.0.0.1:`port`, every request passed to
 * `backendPort` on kept-alive HTTP/1.1 connections. nginx before 1.25 (Debian 12 has 1.22) reads
 * `http2` from the listen line; later ones want `http2 on`.
 */
function tlsFrontConfig({ dir, port, backendPort, version }) {
  const [major, minor] = version;
  const listen = major === 1 && minor < 25 ? `listen 127.0.0.1:${port} ssl http2;` : `listen 127.0.0.1:${port} ssl;\n    http2 on;`;
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  upstream app { server 127.0.0.1:${backendPort}; keepalive 32; }
  server {
    ${listen}
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # Answers stream through as the server writes them (its HTML arrives in chunks).
      proxy_buffering off;
    }
  }
}
`;
}

/**
 * nginx on `port` before the server on `backendPort`, its files in `dir`; resolves with its origin
 * and a stop function once it accepts connections, or null when nginx is not installed.
 */
export async function startTlsFront({ dir, port, backendPort, log = () => undefined }) {
  const version = nginxVersion();
  if (!version) {
    log('nginx is not installed (Debian: nginx-light): no load over TLS and HTTP/2');
    return null;
  }
  mkdirSync(dir, { recursive: true });
  if (!existsSync(path.join(dir, 'cert.pem'))) {
    const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '3650', '-subj', '/CN=localhost', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`openssl could not make the TLS front's certificate:\n${made.stderr}`);
  }
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(config, tlsFrontConfig({ dir, port, backendPort, version }));
  const nginx = spawn('nginx', ['-e', path.join(dir, 'error.log'), '-p', dir, '-c', config, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  nginx.stderr.on('data', (chunk) => (errors += chunk));
  const stop = async () => {
    if (nginx.exitCode !== null) return;
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await Promise.race([exited, sleep(5_000)]);
  };
  for (let attempt = 0; attempt < 40; attempt += 1) {
    if (nginx.exitCode !== null) throw new Error(`nginx stopped:\n${errors}`);
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return { origin: `https://localhost:${port}`, stop };
    await sleep(250);
  }
  await stop();
  throw new Error(`nginx did not listen on ${port} within 10 s:\n${errors}`);
}
