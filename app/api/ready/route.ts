import { connection } from 'next/server';
import { checkReadiness } from '@/lib/db/queries/readiness';

/** Readiness: 200 with the database reachable and migrations applied, 503 otherwise. */
export async function GET() {
  await connection();
  const { ready, reason } = await checkReadiness();
  return Response.json(ready ? { status: 'ready' } : { status: 'unavailable', reason }, {
    status: ready ? 200 : 503,
    headers: { 'cache-control': 'no-store', ...(ready ? {} : { 'retry-after': '10' }) },
  });
}
