/** Environment for the test process; peers (SMTP, OIDC, Stripe) add their own addresses. */
export function testEnv(): Record<string, string> {
  return {
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    OUTBOX_DIR: `/tmp/summit-test-outbox-${process.pid}`,
    STORAGE_DIR: `/tmp/summit-test-storage-${process.pid}`,
    // Every test request comes from 127.0.0.1: the per-IP limit is tested on its own.
    OTP_MAX_PER_IP: '100000',
    // The local Stripe-compatible server on a free port (no STRIPE_SECRET_KEY in tests).
    STRIPE_LOCAL_PORT: '0',
  }
}
