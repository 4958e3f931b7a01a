// The settings of `npm run start:cluster` (scripts/start-cluster.ts), from the environment, and the
// backends file it gives Varnish (deploy/varnish/cordee.vcl includes cordee-backends.vcl). The cluster
// test reads the same settings.

/** At most this many instances on one machine. */
export const MAX_INSTANCES = 16;

/**
 * PORT (3000): Varnish's, the address visitors use; CLUSTER_INSTANCES (2) app instances on
 * CLUSTER_APP_PORT (PORT + 1) and the ports after it.
 */
export function clusterSettings(env: Record<string, string | undefined>): { port: number; appPorts: number[]; varnishUrl: string } {
  const port = Number(env.PORT || 3000);
  const instances = Number(env.CLUSTER_INSTANCES || 2);
  const firstAppPort = Number(env.CLUSTER_APP_PORT || port + 1);
  if (!Number.isInteger(instances) || instances < 1 || instances > MAX_INSTANCES) throw new Error(`CLUSTER_INSTANCES must be 1 to ${MAX_INSTANCES}`);
  for (const value of [port, firstAppPort, firstAppPort + instances - 1]) {
    if (!Number.isInteger(value) || value < 1 || value > 65_535) throw new Error('PORT and CLUSTER_APP_PORT must be TCP ports');
  }
  const appPorts = Array.from({ length: instances }, (_, index) => firstAppPort + index);
  if (appPorts.includes(port)) throw new Error('Varnish (PORT) and the instances (CLUSTER_APP_PORT…) need different ports');
  return { port, appPorts, varnishUrl: `http://127.0.0.1:${port}` };
}

/** cordee-backends.vcl: one backend per instance, checked on /api/health, in the round-robin director `cordee`. */
export function backendsVcl(appPorts: number[]): string {
  const lines = [
    '# Written by scripts/start-cluster.ts for this run (deploy/varnish/cordee-backends.example.vcl).',
    'probe cordee_health {',
    '    .url = "/api/health";',
    '    .interval = 2s;',
    '    .timeout = 1s;',
    '    .window = 3;',
    '    .threshold = 2;',
    '    .initial = 2;',
    '}',
    ...appPorts.map((port, index) => `backend app${index + 1} { .host = "127.0.0.1"; .port = "${port}"; .probe = cordee_health; }`),
    'sub vcl_init {',
    '    new cordee = directors.round_robin();',
    ...appPorts.map((_, index) => `    cordee.add_backend(app${index + 1});`),
    '}',
  ];
  return `${lines.join('\n')}\n`;
}
