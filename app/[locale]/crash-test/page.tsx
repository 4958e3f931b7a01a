import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { env } from '@/lib/env';

/**
 * Test hook for the fatal-error fallback: with CRASH_TEST_ROUTE=1 this page throws while
 * rendering; otherwise it does not exist. Never enabled in production configuration.
 */
export default async function CrashTestPage() {
  await connection();
  if (env.CRASH_TEST_ROUTE !== '1') notFound();
  throw new Error('Forced rendering crash (CRASH_TEST_ROUTE=1)');
}
