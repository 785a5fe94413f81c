-- Whether each instance reaches the message broker, written with its heartbeat: an instance cut off from a broker the
-- others reach is taken out of the balancer; when none reaches it, all stay in and serve HTTP (docs/cluster.md).

ALTER TABLE instances ADD COLUMN broker_ready boolean NOT NULL DEFAULT true
