import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../lib/db/database';
import { embeddedUrl, startEmbeddedServer } from '../../lib/db/embedded-server';
import { runMigrations } from '../../lib/db/migrate';
import { loadDemoCatalogue, seedDemoCatalogue } from '../../lib/db/seed';

/** A PostgreSQL server the database tests run against, with a migrated and seeded template database. */
export type TestDatabaseServer = { name: string; adminUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseServers: TestDatabaseServer[];
  }
}

/** The demo catalogue's reference date in tests, so dates relative to 'today' are stable. */
export const SEED_DATE = new Date('2026-06-15T09:00:00Z');

/** The same server URL, naming another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function prepareTemplate(adminUrl: string, template: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(template)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(template)}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, template);
  await runMigrations(url);
  const { db, pool } = createDatabase(url, { max: 2 });
  try {
    await seedDemoCatalogue(db, loadDemoCatalogue(), SEED_DATE);
  } finally {
    await pool.end();
  }
}

type Started = { servers: TestDatabaseServer[]; stop: () => Promise<void> };

/**
 * The servers of this vitest run, started once for every project that names this setup (`db` and
 * `db-isolated`): vitest runs a global setup once per project, all in its main process. Stopped
 * when the last project's teardown runs.
 */
const shared = globalThis as typeof globalThis & { cordeeTestDatabases?: { started: Promise<Started>; users: number } };

async function startServers(): Promise<Started> {
  const servers: TestDatabaseServer[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cordee-vitest-'));
  const embedded = await startEmbeddedServer({ dataDir: path.join(dataDir, 'pg'), database: 'postgres' });
  const embeddedAdmin = embeddedUrl(embedded.port, 'postgres');
  await prepareTemplate(embeddedAdmin, 'cordee_template');
  servers.push({ name: 'embedded', adminUrl: embeddedAdmin, template: 'cordee_template' });

  const external = process.env.TEST_DATABASE_URL?.trim();
  const externalTemplate = `cordee_template_${process.pid}`;
  if (external) {
    await prepareTemplate(external, externalTemplate);
    servers.push({ name: 'external', adminUrl: external, template: externalTemplate });
  }
  const stop = async () => {
    if (external) {
      const admin = new pg.Client({ connectionString: external });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(externalTemplate)} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { servers, stop };
}

/**
 * Starts an embedded PostgreSQL in a temporary folder and, when TEST_DATABASE_URL is set, uses that
 * server too; on each, one template database that every test file copies (tests/support/test-database.ts).
 */
export default async function setup(project: TestProject) {
  shared.cordeeTestDatabases ??= { started: startServers(), users: 0 };
  const entry = shared.cordeeTestDatabases;
  entry.users += 1;
  const { servers, stop } = await entry.started;
  project.provide('testDatabaseServers', servers);

  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    shared.cordeeTestDatabases = undefined;
    await stop();
  };
}
