import type { IceServerConfig } from '@medbook/contracts';
import type { AdmissionLimits } from '../http/admission';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from './project-root';

export interface AppConfig {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  /** The interface to listen on (HOST): 127.0.0.1 unless set; containers set 0.0.0.0. */
  readonly host: string;
  /** Unset: an embedded PostgreSQL is started under dataDir. */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly migrationsDir: string;
  readonly webDistDir: string;
  readonly logLevel: string;
  readonly bodyLimitBytes: number;
  readonly corsOrigins: readonly string[];
  readonly projectionPollMs: number;
  /** Connections to PostgreSQL: about five per core serve best (more contend on its locks). */
  readonly databasePoolMax: number;
  /** How long a read may wait for a projection to reach the position it asked for. */
  readonly readWaitMs: number;
  /**
   * Whether this process stands for leadership of the projections, the process manager and the
   * schedulers (one process at a time leads each, by PostgreSQL advisory lock).
   */
  readonly runProjections: boolean;
  /** How often a process that does not lead a role tries to take it over. */
  readonly leadershipPollMs: number;
  /** SHUTDOWN_TIMEOUT_MS: past this after SIGTERM the process exits anyway, naming what it waited on. */
  readonly shutdownTimeoutMs: number;
  /**
   * Admission control: API calls in flight per process, by class (ADMISSION_MAX_COMMANDS,
   * ADMISSION_MAX_QUERIES), and open sockets (ADMISSION_MAX_SOCKETS); calls beyond wait in a
   * queue (ADMISSION_QUEUE_COMMANDS, ADMISSION_QUEUE_QUERIES) for at most
   * ADMISSION_QUEUE_WAIT_MS; beyond that, 503 at once.
   */
  readonly admission: AdmissionLimits;
  /**
   * Connections the kernel may hold for this process before it accepts them (LISTEN_BACKLOG;
   * Node's default is 511): under a burst, a full accept queue drops new connections and clients
   * retry after 1, 3, 7 and 15 s, which no admission limit can answer quickly.
   */
  readonly listenBacklog: number;
  /** This process's name in the leadership status (INSTANCE_ID; default host and pid). */
  readonly instanceId: string;
  /** Set: socket.io fans out through Redis; unset: through PostgreSQL's NOTIFY. */
  readonly redisUrl: string | undefined;
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlDays: number;
  /** Unset: email goes to the local outbox (listed at /api/v1/dev/outbox outside production). */
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** Where the browser reaches the service; social sign-in redirects come back here. */
  readonly publicUrl: string;
  readonly loginFailuresPerAccountHour: number;
  readonly loginFailuresPerIpHour: number;
  /** Password reset and forgot-password answer no sooner than this, known email or not. */
  readonly accountLookupMinMs: number;
  /** Seed the demo practice and one account per role on first start. */
  readonly seedDemo: boolean;
  /** How often the server looks for slot holds past their time. */
  readonly holdExpiryIntervalMs: number;
  /**
   * How often the leader looks for video-call connections whose API process died
   * (MEETING_REAPER_INTERVAL_MS) and records their leaves.
   */
  readonly meetingReaperIntervalMs: number;
  /** How often the leader seals the log (AUDIT_SEAL_INTERVAL_SECONDS; see audit-log). */
  readonly auditSealIntervalMs: number;
  /** How long a waitlist offer holds a freed slot for its patient (WAITLIST_OFFER_TTL_MS). */
  readonly waitlistOfferTtlMs: number;
  readonly socialProviders: readonly SocialProviderConfig[];
  /**
   * STUN/TURN servers for video visits (MEETING_ICE_SERVERS, JSON as RTCPeerConnection takes
   * it). None by default: browsers on one machine or one LAN connect by their host addresses.
   */
  readonly meetingIceServers: readonly IceServerConfig[];
  /**
   * The search map's tile source (MAP_TILE_URL, a Leaflet URL template with {z}, {x} and {y}; and
   * MAP_TILE_ATTRIBUTION, shown on the map): unset, the map is a blank local style that still
   * shows its markers and asks nothing of the network.
   */
  readonly mapTileUrl: string | null;
  readonly mapTileAttribution: string | null;
  /** How long a guest's invitation link to a video visit stays valid (MEETING_INVITATION_TTL_MINUTES). */
  readonly meetingInvitationTtlMinutes: number;
  /**
   * The reputation service's single sign-on (REPUTATION_SSO_URL, REPUTATION_SSO_KEY): the browser
   * is sent to the URL with a short-lived token signed (HMAC-SHA256) with the key. Either unset:
   * reputation management is not set up.
   */
  readonly reputationSsoUrl: string | undefined;
  readonly reputationSsoKey: string | undefined;
  /**
   * The Ed25519 private key that signs vaccination passports (PASSPORT_SIGNING_KEY: PKCS#8 PEM,
   * or that PEM or its DER in base64). Unset: one is made on first start and kept in the
   * database, so every API process on it signs with the same key.
   */
  readonly passportSigningKey: string | undefined;
  /**
   * Ids (kid) of passport keys no longer believed (PASSPORT_RETIRED_KEY_IDS, comma-separated):
   * passports they signed read Not genuine. Other keys that have signed passports stay believed
   * after a rotation.
   */
  readonly passportRetiredKeyIds: readonly string[];
  /**
   * Spec 2.6: the practices' landing (marketing) page at / (LANDING_ENABLED, on unless 'false').
   * Off: the root is always the home page.
   */
  readonly landingEnabled: boolean;
}

/** An OpenID Connect provider for social sign-in: GOOGLE_ISSUER, GOOGLE_CLIENT_ID, ... */
export interface SocialProviderConfig {
  readonly name: 'GOOGLE' | 'APPLE' | 'FACEBOOK';
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string | undefined;
}

const SOCIAL_ISSUERS = {
  GOOGLE: 'https://accounts.google.com',
  APPLE: 'https://appleid.apple.com',
  FACEBOOK: 'https://www.facebook.com',
} as const;

function socialProviders(env: NodeJS.ProcessEnv): SocialProviderConfig[] {
  return (Object.keys(SOCIAL_ISSUERS) as (keyof typeof SOCIAL_ISSUERS)[]).flatMap((name) => {
    const clientId = env[`${name}_CLIENT_ID`];
    if (!clientId) return [];
    return [
      {
        name,
        issuer: env[`${name}_ISSUER`] ?? SOCIAL_ISSUERS[name],
        clientId,
        clientSecret: env[`${name}_CLIENT_SECRET`] || undefined,
      },
    ];
  });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = integer(env.PORT, 3000, 'PORT');
  return {
    env:
      env.NODE_ENV === 'production'
        ? 'production'
        : env.NODE_ENV === 'test'
          ? 'test'
          : 'development',
    port,
    // Loopback unless told otherwise: a development server is not for the network to reach.
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(PROJECT_ROOT, env.DATA_DIR ?? '.data'),
    migrationsDir: path.join(PROJECT_ROOT, 'migrations'),
    webDistDir: path.join(PROJECT_ROOT, 'apps', 'web', 'dist'),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    bodyLimitBytes: integer(env.BODY_LIMIT_BYTES, 1024 * 1024, 'BODY_LIMIT_BYTES'),
    corsOrigins: (env.CORS_ORIGINS ?? `http://localhost:${port},http://127.0.0.1:${port}`)
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    projectionPollMs: integer(env.PROJECTION_POLL_MS, 1000, 'PROJECTION_POLL_MS'),
    databasePoolMax: integer(env.DATABASE_POOL_MAX, 10, 'DATABASE_POOL_MAX'),
    readWaitMs: integer(env.READ_WAIT_MS, 5000, 'READ_WAIT_MS'),
    runProjections: env.RUN_PROJECTIONS !== 'false',
    leadershipPollMs: integer(env.LEADERSHIP_POLL_MS, 1000, 'LEADERSHIP_POLL_MS'),
    shutdownTimeoutMs: integer(env.SHUTDOWN_TIMEOUT_MS, 25_000, 'SHUTDOWN_TIMEOUT_MS'),
    admission: {
      commands: integer(env.ADMISSION_MAX_COMMANDS, 64, 'ADMISSION_MAX_COMMANDS'),
      queries: integer(env.ADMISSION_MAX_QUERIES, 128, 'ADMISSION_MAX_QUERIES'),
      sockets: integer(env.ADMISSION_MAX_SOCKETS, 10_000, 'ADMISSION_MAX_SOCKETS'),
      queue: {
        commands: integer(env.ADMISSION_QUEUE_COMMANDS, 0, 'ADMISSION_QUEUE_COMMANDS'),
        queries: integer(env.ADMISSION_QUEUE_QUERIES, 0, 'ADMISSION_QUEUE_QUERIES'),
        waitMs: integer(env.ADMISSION_QUEUE_WAIT_MS, 100, 'ADMISSION_QUEUE_WAIT_MS'),
      },
    },
    listenBacklog: integer(env.LISTEN_BACKLOG, 4096, 'LISTEN_BACKLOG'),
    instanceId: env.INSTANCE_ID || `${os.hostname()}:${process.pid}`,
    redisUrl: env.REDIS_URL || undefined,
    accessTokenTtlSeconds: integer(env.ACCESS_TOKEN_TTL_SECONDS, 900, 'ACCESS_TOKEN_TTL_SECONDS'),
    refreshTokenTtlDays: integer(env.REFRESH_TOKEN_TTL_DAYS, 30, 'REFRESH_TOKEN_TTL_DAYS'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'MedBook <no-reply@medbook.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    loginFailuresPerAccountHour: integer(
      env.LOGIN_FAILURES_PER_ACCOUNT_HOUR,
      100,
      'LOGIN_FAILURES_PER_ACCOUNT_HOUR',
    ),
    loginFailuresPerIpHour: integer(
      env.LOGIN_FAILURES_PER_IP_HOUR,
      300,
      'LOGIN_FAILURES_PER_IP_HOUR',
    ),
    accountLookupMinMs: integer(env.ACCOUNT_LOOKUP_MIN_MS, 400, 'ACCOUNT_LOOKUP_MIN_MS'),
    holdExpiryIntervalMs: integer(env.HOLD_EXPIRY_INTERVAL_MS, 5000, 'HOLD_EXPIRY_INTERVAL_MS'),
    meetingReaperIntervalMs: integer(
      env.MEETING_REAPER_INTERVAL_MS,
      10_000,
      'MEETING_REAPER_INTERVAL_MS',
    ),
    auditSealIntervalMs:
      integer(env.AUDIT_SEAL_INTERVAL_SECONDS, 60, 'AUDIT_SEAL_INTERVAL_SECONDS') * 1000,
    waitlistOfferTtlMs: integer(env.WAITLIST_OFFER_TTL_MS, 15 * 60_000, 'WAITLIST_OFFER_TTL_MS'),
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO !== 'false' : env.NODE_ENV !== 'test',
    socialProviders: socialProviders(env),
    meetingIceServers: iceServers(env.MEETING_ICE_SERVERS),
    mapTileUrl: mapTileUrl(env.MAP_TILE_URL),
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION?.trim() || null,
    meetingInvitationTtlMinutes: integer(
      env.MEETING_INVITATION_TTL_MINUTES,
      24 * 60,
      'MEETING_INVITATION_TTL_MINUTES',
    ),
    reputationSsoUrl: env.REPUTATION_SSO_URL || undefined,
    reputationSsoKey: env.REPUTATION_SSO_KEY || undefined,
    passportSigningKey: env.PASSPORT_SIGNING_KEY || undefined,
    passportRetiredKeyIds: (env.PASSPORT_RETIRED_KEY_IDS ?? '')
      .split(',')
      .map((kid) => kid.trim())
      .filter((kid) => kid.length > 0),
    landingEnabled: env.LANDING_ENABLED !== 'false',
  };
}

function mapTileUrl(value: string | undefined): string | null {
  const url = value?.trim();
  if (!url) return null;
  if (!/^https?:\/\/\S+$/.test(url) || !['{z}', '{x}', '{y}'].every((p) => url.includes(p))) {
    throw new Error('MAP_TILE_URL must be an http(s) URL template with {z}, {x} and {y}');
  }
  return url;
}

function iceServers(value: string | undefined): IceServerConfig[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('MEETING_ICE_SERVERS must be JSON: [{"urls":"stun:host:3478"}, ...]');
  }
  const valid =
    Array.isArray(parsed) &&
    parsed.every(
      (server: unknown) =>
        typeof server === 'object' &&
        server !== null &&
        (typeof (server as IceServerConfig).urls === 'string' ||
          (Array.isArray((server as IceServerConfig).urls) &&
            (server as { urls: unknown[] }).urls.every((url) => typeof url === 'string'))),
    );
  if (!valid)
    throw new Error('MEETING_ICE_SERVERS must be a list of {urls, username?, credential?}');
  return parsed as IceServerConfig[];
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0) {
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  }
  return parsed;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
