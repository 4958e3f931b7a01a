/** Liveness: answers 200 while the process is up (no dependency is checked). */
export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}
