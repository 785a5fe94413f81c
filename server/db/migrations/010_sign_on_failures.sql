-- Failed sign-on attempts (architecture.md#sign-on-limits): one row per failure and per count it falls in (one
-- device cookie's, a user ID's from untrusted clients, an address's), kept no longer than the window. In the database
-- so that every instance behind the balancer counts the same failures.
CREATE TABLE sign_on_failures (
  key text NOT NULL,
  at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_on_failures_key_at ON sign_on_failures (key, at);
CREATE INDEX sign_on_failures_at ON sign_on_failures (at)
