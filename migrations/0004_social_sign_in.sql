-- Social sign-in (OpenID Connect): a pending authorization per state, single use, with the PKCE
-- verifier and nonce the callback must match.
CREATE TABLE auth_oidc_requests (
  state text PRIMARY KEY,
  provider text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  redirect text,
  created_at timestamptz NOT NULL
);

-- One-time tickets handed to the browser in a redirect and exchanged once: a signed-in session
-- after a social sign-in, or a verified social identity to finish a social sign-up with.
CREATE TABLE auth_tickets (
  ticket_hash bytea PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('session', 'social_signup')),
  payload jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
