import * as v from 'valibot'

/** Every environment variable Summit reads, parsed once. The README lists the same set. */
const bool = v.pipe(
  v.picklist(['0', '1', 'true', 'false']),
  v.transform((s) => s === '1' || s === 'true'),
)
const int = (min = 0) => v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.minValue(min))
const url = v.pipe(v.string(), v.url('must be a URL'))

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'test', 'production']), 'development'),
  PORT: v.optional(int(0), '3000'),
  HOST: v.optional(v.string(), '0.0.0.0'),
  APP_URL: v.optional(url),
  SITE_NAME: v.optional(v.string(), 'Summit'),
  ADMIN_URL: v.optional(v.string()),
  LOG_LEVEL: v.optional(v.picklist(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']), 'info'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'))),
  PG_DATA_DIR: v.optional(v.string(), '.data/postgres'),
  PG_PORT: v.optional(int(1), '54329'),
  // Demo data: on by default in development only (production starts empty; see create-admin).
  SEED_DEMO: v.optional(bool),
  // Database connections of the app (the job queue has its own few): pool size and time limits.
  DB_POOL_MAX: v.optional(int(1), '20'),
  // How long an idle connection is kept: a new one starts with empty catalog and plan caches.
  DB_POOL_IDLE_MS: v.optional(int(1000), '300000'),
  // Hot reads (marketplace list, session and team lookups, area shells) as named prepared statements.
  // Behind PgBouncer in transaction mode it needs PgBouncer 1.21+ with max_prepared_statements set, or `false`.
  DB_PREPARED_STATEMENTS: v.optional(bool, 'true'),
  DB_STATEMENT_TIMEOUT_MS: v.optional(int(0), '30000'),
  DB_LOCK_TIMEOUT_MS: v.optional(int(0), '10000'),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: v.optional(int(0), '30000'),
  // How long a request waits for a free pooled connection before answering 503.
  DB_ACQUIRE_TIMEOUT_MS: v.optional(int(0), '15000'),
  // App-side limits that hold when PostgreSQL itself does not answer (statement_timeout cannot
  // fire then): one query, a request's whole database work (0 = none), and how long the
  // watchdog's check may take before the database counts as hung (0 = no watchdog).
  DB_QUERY_TIMEOUT_MS: v.optional(int(0), '35000'),
  DB_REQUEST_TIMEOUT_MS: v.optional(int(0), '30000'),
  DB_HANG_TIMEOUT_MS: v.optional(int(0), '2000'),
  // Embedded PostgreSQL only: `durable` (PostgreSQL's defaults: fsync, synchronous_commit,
  // full_page_writes on) or `fast` (off: throwaway test databases). Default: durable, fast in tests.
  PG_DURABILITY: v.optional(v.picklist(['durable', 'fast'])),
  // Seconds a SIGTERM waits for in-flight requests before stopping jobs and the database.
  SHUTDOWN_TIMEOUT_SECONDS: v.optional(int(1), '10'),
  SESSION_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  SESSION_TTL_DAYS: v.optional(int(1), '30'),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'))),
  MAIL_FROM: v.optional(v.string(), 'Summit <no-reply@summit.localhost>'),
  OUTBOX_DIR: v.optional(v.string(), '.outbox'),
  OIDC_ISSUER: v.optional(url),
  OIDC_CLIENT_ID: v.optional(v.string()),
  OIDC_CLIENT_SECRET: v.optional(v.string()),
  OIDC_SCOPES: v.optional(v.string(), 'openid email profile'),
  OTP_MAX_PER_EMAIL: v.optional(int(1), '5'),
  OTP_MAX_PER_IP: v.optional(int(1), '20'),
  // Reverse proxies in front of the app whose X-Forwarded-For entries are trusted (0 = none).
  TRUST_PROXY: v.optional(int(0), '0'),
  // Bearer token for GET /metrics (without it /metrics answers only loopback in development).
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  STORAGE_DIR: v.optional(v.string(), 'storage'),
  S3_BUCKET: v.optional(v.string()),
  S3_ENDPOINT: v.optional(url),
  S3_REGION: v.optional(v.string(), 'us-east-1'),
  S3_ACCESS_KEY_ID: v.optional(v.string()),
  S3_SECRET_ACCESS_KEY: v.optional(v.string()),
  UPLOAD_MAX_BYTES: v.optional(int(1), String(5 * 1024 * 1024)),
  STRIPE_SECRET_KEY: v.optional(v.string()),
  STRIPE_PUBLISHABLE_KEY: v.optional(v.string()),
  STRIPE_WEBHOOK_SECRET: v.optional(v.string()),
  // Signing secret of the Connect webhook endpoint (events of coaches' connected accounts).
  STRIPE_CONNECT_WEBHOOK_SECRET: v.optional(v.string()),
  STRIPE_API_URL: v.optional(url),
  // Port of the local Stripe-compatible server started when no STRIPE_SECRET_KEY is set (0 = any free port).
  STRIPE_LOCAL_PORT: v.optional(int(0), '12111'),
  // A job whose server stopped sending heartbeats this long (killed, cut off) is handed to another server.
  JOB_HEARTBEAT_SECONDS: v.optional(int(10), '30'),
  BOOKING_HOLD_MINUTES: v.optional(int(1), '15'),
  // How long seats offered to the next people on a waitlist stay held for them.
  WAITLIST_OFFER_MINUTES: v.optional(int(1), '60'),
  PLATFORM_FEE_PERCENT: v.optional(int(0), '10'),
  // A booking's money goes to its coach this many hours after its session ended (refunds may still come until then).
  PAYOUT_REFUND_WINDOW_HOURS: v.optional(int(0), '24'),
  // Days the audit log keeps a team's changes (a daily job deletes older rows).
  AUDIT_RETENTION_DAYS: v.optional(int(1), '730'),
  CURRENCY: v.optional(v.pipe(v.string(), v.length(3, 'must be a 3-letter currency code')), 'usd'),
  // Busy calendars of one-to-one sessions (ICS addresses): how often each is read again, the
  // time and size limits of a read, and whether private and loopback addresses may be read
  // (default: only outside production).
  CALENDAR_FEED_REFRESH_MINUTES: v.optional(int(1), '15'),
  CALENDAR_FEED_TIMEOUT_MS: v.optional(int(100), '10000'),
  CALENDAR_FEED_MAX_BYTES: v.optional(int(1024), String(5 * 1024 * 1024)),
  CALENDAR_FEED_PRIVATE_ADDRESSES: v.optional(bool),
})

/** The names of every variable Summit reads (the compose file and the README use only these). */
export const configKeys: readonly string[] = Object.keys(EnvSchema.entries)

export type Config = ReturnType<typeof loadConfig>

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const raw = Object.fromEntries(Object.entries(env).filter(([k, val]) => k in EnvSchema.entries && val !== ''))
  const result = v.safeParse(EnvSchema, raw)
  if (!result.success) {
    const lines = result.issues.map((i) => `  ${v.getDotPath(i) ?? '?'}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const c = result.output
  const appUrl = (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '')
  const production = c.NODE_ENV === 'production'
  if (production && !c.SESSION_SECRET) throw new Error('Invalid configuration:\n  SESSION_SECRET: required in production')
  return {
    ...c,
    APP_URL: appUrl,
    ADMIN_URL: c.ADMIN_URL ?? `${appUrl}/docs`,
    SESSION_SECRET: c.SESSION_SECRET ?? 'development-only-secret-change-me-please-0123456789',
    SEED_DEMO: c.SEED_DEMO ?? c.NODE_ENV === 'development',
    production,
    oidcEnabled: Boolean(c.OIDC_ISSUER && c.OIDC_CLIENT_ID),
  }
}

export const config = loadConfig()
