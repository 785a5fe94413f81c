-- The people of a real organisation (architecture.md#people): users an administrator disables and enables, the
-- identities an OpenID provider signs them on with, the devices their sessions are on, and the audit log of every
-- change to a user. A user with an empty password_hash has no local password (signs on through the provider only).
ALTER TABLE users ADD COLUMN disabled_at timestamptz;
ALTER TABLE users ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();

-- An OpenID provider's user (its issuer and subject) and the Quay user it signs on as.
CREATE TABLE user_identities (
  iss             text NOT NULL,
  sub             text NOT NULL,
  usr_id          text NOT NULL REFERENCES users(usr_id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_sign_on_at timestamptz,
  PRIMARY KEY (iss, sub)
);
CREATE INDEX user_identities_usr ON user_identities (usr_id);

-- Where a session is: the browser it was made in, how, when it was last seen, the app's device id (its push
-- subscription in user_devices), and why it ended ('signed-out', 'signed-out-elsewhere', 'disabled').
ALTER TABLE sessions ADD COLUMN user_agent text NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN method text NOT NULL DEFAULT 'password';
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;
ALTER TABLE sessions ADD COLUMN not_dev_id text;
ALTER TABLE sessions ADD COLUMN end_reason text;
CREATE INDEX sessions_usr ON sessions (usr_id);

-- Every change to a user, by whom: a staff member's usr_id, 'cli' for npm run admin, 'sign-on' for a user made or
-- updated from an OpenID provider's claims. Never updated or deleted.
CREATE TABLE audit_log (
  audit_seq serial PRIMARY KEY,
  at        timestamptz NOT NULL DEFAULT now(),
  actor     text NOT NULL,
  action    text NOT NULL,
  usr_id    text,
  detail    jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_usr ON audit_log (usr_id, audit_seq);
