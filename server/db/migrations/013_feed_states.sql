-- The state of each feed the leading instance reads (integration.md#the-state-of-the-feeds): schedule sources and AIS
-- feeds, one row each, written by whichever instance leads, so that /healthz and the staff's /health/ page on any
-- instance tell the same story. The state is a JSON object: when the feed last worked, its last error, its counters.
CREATE TABLE feed_states (
  kind       text NOT NULL,          -- 'schedule' or 'ais'
  source     text NOT NULL,          -- as configured, never its key: a URL or host:port
  state      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, source)
);
