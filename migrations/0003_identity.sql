-- Identity. Profiles, roles and family members are events (`user-<id>` streams) projected into
-- rm_users and rm_family_members. Secrets are not events: password hashes, refresh tokens and
-- one-time codes live only in the auth_* tables below, so the append-only log never holds a secret.

-- Signing keys for access tokens, made on first start and shared by every API process.
CREATE TABLE auth_keys (
  kid text PRIMARY KEY,
  secret bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per user that can sign in with a password (argon2id of the SHA-256 the client sends).
CREATE TABLE auth_credentials (
  user_id uuid PRIMARY KEY,
  email text NOT NULL,
  password_hash text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX auth_credentials_email_key ON auth_credentials (lower(email));

-- Social identities, namespaced per provider: (GOOGLE, sub) and (APPLE, sub) never collide.
CREATE TABLE auth_social_identities (
  provider text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);

-- Sessions: one per sign-in. The refresh token rotates on every use; each token's hash is kept
-- with its generation so that a rotated token presented again revokes the whole family.
CREATE TABLE auth_sessions (
  session_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text,
  time_zone text,
  ip text,
  user_agent text
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE auth_refresh_tokens (
  token_hash bytea PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_sessions (session_id),
  generation int NOT NULL,
  created_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX auth_refresh_tokens_session_idx ON auth_refresh_tokens (session_id);

-- One-time codes (password reset by email, mobile verification by SMS): stored hashed, expiring,
-- single use, with a bounded number of attempts.
CREATE TABLE auth_codes (
  code_id uuid PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('password_reset', 'mobile_verification')),
  user_id uuid NOT NULL,
  target text NOT NULL,
  code_hash bytea NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX auth_codes_user_idx ON auth_codes (user_id, purpose, created_at DESC);

-- Reset tokens handed out by a verified code; single use.
CREATE TABLE auth_reset_tokens (
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Failed sign-ins, counted per account and per IP over a sliding hour.
CREATE TABLE auth_login_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account text NOT NULL,
  ip text,
  failed_at timestamptz NOT NULL
);
CREATE INDEX auth_login_failures_account_idx ON auth_login_failures (account, failed_at);
CREATE INDEX auth_login_failures_ip_idx ON auth_login_failures (ip, failed_at);

-- The local outbox: where email and SMS go when no SMTP server or SMS gateway is configured.
CREATE TABLE outbox_messages (
  id uuid PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient text NOT NULL,
  subject text,
  body text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX outbox_messages_recent_idx ON outbox_messages (created_at DESC);

-- Read model: users (projected from user-<id> streams).
CREATE TABLE rm_users (
  user_id uuid PRIMARY KEY,
  type text NOT NULL,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  middle_name text,
  birth_date text,
  gender text,
  mobile_number text,
  is_mobile_verified boolean NOT NULL DEFAULT false,
  zip_code text,
  time_zone text,
  practice_id uuid,
  sms_alerts_consent boolean NOT NULL DEFAULT false,
  otp_consent boolean NOT NULL DEFAULT false,
  social_provider text,
  disabled boolean NOT NULL DEFAULT false,
  registered_at timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_users_email_idx ON rm_users (lower(email));
CREATE INDEX rm_users_practice_idx ON rm_users (practice_id, type);

-- Read model: a patient's family members.
CREATE TABLE rm_family_members (
  member_id uuid PRIMARY KEY,
  patient_id uuid NOT NULL,
  relationship text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  middle_name text,
  birth_date text,
  gender text,
  added_at timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_family_members_patient_idx ON rm_family_members (patient_id, added_at);
