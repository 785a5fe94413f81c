-- API keys of partners' systems (integration.md#api-keys): made and revoked by staff, each acting for one user
-- (its owner), whose role decides what the key sees. Only the SHA-256 of the key is kept. Each key counts its calls
-- in a window of a minute here, in the database, so that every instance behind the balancer counts the same calls.
CREATE TABLE api_keys (
  key_id       text PRIMARY KEY,
  key_hash     text NOT NULL UNIQUE,
  usr_id       text NOT NULL REFERENCES users(usr_id),
  label        text NOT NULL,
  made_by      text NOT NULL REFERENCES users(usr_id),
  made_at      timestamptz NOT NULL DEFAULT now(),
  revoked_at   timestamptz,
  last_used_at timestamptz,
  window_start timestamptz NOT NULL DEFAULT now(),
  window_calls integer NOT NULL DEFAULT 0
);

-- A terminal's SMDG code (the facilitySMDGCode of DCSA's schedules) where one is known: none for the demo world's
-- terminals, whose codes are Quay's own; a schedule source that names one fills it.
ALTER TABLE terminals ADD COLUMN smdg_cd text
