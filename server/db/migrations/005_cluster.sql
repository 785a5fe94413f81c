-- Several instances on one database (docs/cluster.md): the keys every instance signs and pushes with, the
-- simulator's clock (whichever instance ticks continues from the last tick), and who is connected where.

CREATE TABLE server_secrets (            -- made once by the first instance (INSERT … ON CONFLICT DO NOTHING)
  id                smallint PRIMARY KEY CHECK (id = 1),
  token_secret      text NOT NULL,
  vapid_public_key  text NOT NULL,
  vapid_private_key text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sim_clock (                 -- one row: the last tick, locked by the tick that follows it
  id           smallint PRIMARY KEY CHECK (id = 1),
  last_tick_at timestamptz,              -- simulated time of the last tick (null: none yet)
  ticks        bigint NOT NULL DEFAULT 0,
  instance_id  text                      -- the instance that ran it
);
INSERT INTO sim_clock (id) VALUES (1);

CREATE TABLE instances (                 -- each running instance, with a heartbeat every few seconds
  instance_id  text PRIMARY KEY,
  started_at   timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE presence (                  -- open STOMP connections per user and instance
  instance_id text NOT NULL REFERENCES instances(instance_id) ON DELETE CASCADE,
  usr_id      text NOT NULL,
  connections integer NOT NULL CHECK (connections > 0),
  PRIMARY KEY (instance_id, usr_id)
);
CREATE INDEX presence_usr ON presence (usr_id);
