import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backendsVcl, clusterSettings } from '@/scripts/cluster-config';
import { CACHE_TAG_HEADER, EDGE_CURRENCY_HEADER, SESSION_COOKIE } from '@/lib/server/http-cache-policy';
import { PURGE_TAGS_HEADER } from '@/lib/server/shared-cache-purge';

const vclDir = path.join(process.cwd(), 'deploy/varnish');
const vcl = readFileSync(path.join(vclDir, 'cordee.vcl'), 'utf8');
const hasVarnish = spawnSync('varnishd', ['-V']).status === 0;

describe('deploy/varnish/cordee.vcl keeps the app’s contract', () => {
  it('knows the same closed list of currencies as the app (lib/money/currency-cookie.ts)', () => {
    const list = /\^\(([A-Z|]+)\)\$/.exec(vcl)?.[1]?.split('|');
    expect(list).toEqual(Intl.supportedValuesOf('currency'));
  });

  it('names the app’s headers and cookie', () => {
    for (const name of [EDGE_CURRENCY_HEADER, PURGE_TAGS_HEADER, `${SESSION_COOKIE}=`, 'CDN-Cache-Control', 'Surrogate-Control']) expect(vcl).toContain(name);
    expect(vcl.toLowerCase()).toContain(`beresp.http.${CACHE_TAG_HEADER}`);
  });

  it.skipIf(!hasVarnish)('compiles with the backends start:cluster writes', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vcl-'));
    // Varnish's compiler runs as its own user when started as root.
    chmodSync(dir, 0o755);
    try {
      writeFileSync(path.join(dir, 'cordee-backends.vcl'), backendsVcl([3301, 3302, 3303]));
      const result = spawnSync('varnishd', ['-C', '-f', path.join(vclDir, 'cordee.vcl'), '-p', `vcl_path=${dir}:${vclDir}`], { encoding: 'utf8' });
      expect(result.stderr).not.toMatch(/error at|Syntax error|Symbol not found/i);
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the cluster’s settings', () => {
  it('puts Varnish on PORT and the instances after it, within bounds', () => {
    expect(clusterSettings({})).toEqual({ port: 3000, appPorts: [3001, 3002], varnishUrl: 'http://127.0.0.1:3000' });
    expect(clusterSettings({ PORT: '6081', CLUSTER_INSTANCES: '3', CLUSTER_APP_PORT: '3252' }).appPorts).toEqual([3252, 3253, 3254]);
    expect(() => clusterSettings({ CLUSTER_INSTANCES: '0' })).toThrow();
    expect(() => clusterSettings({ PORT: '3001', CLUSTER_APP_PORT: '3000' })).toThrow();
  });
});
