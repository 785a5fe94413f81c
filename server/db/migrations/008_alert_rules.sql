-- Alert rules (product.md#my-alerts): a user's own rules on a vessel it follows, evaluated where the simulator's
-- events happen (ETA changes, arrivals, berthings, departures), each match made into one N010 "My Alert" notification.

CREATE TABLE alert_rules (
  usr_id  text NOT NULL REFERENCES users(usr_id),
  rule_id text NOT NULL,                 -- made by the device that made the rule (it works offline)
  vsl_cd  text NOT NULL REFERENCES vessels(vsl_cd),
  kind    text NOT NULL CHECK (kind IN ('ETA', 'PORT')),
  port_cd text REFERENCES ports(port_cd),-- null: any port (ETA rules only)
  hrs     integer CHECK (hrs BETWEEN 1 AND 72),
  events  text[] NOT NULL DEFAULT '{}',  -- PORT rules: ATA, ATB, ATD
  cre_dt  timestamptz NOT NULL DEFAULT now(),
  upd_dt  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (usr_id, rule_id)
);
-- An event asks for the rules on its vessel.
CREATE INDEX alert_rules_vessel ON alert_rules (vsl_cd);

-- The new type in a database seeded before it (the seed writes every type of NOTIFICATION_TYPES): after N009.
UPDATE notification_types SET sort_no = sort_no + 1 WHERE sort_no >= 10;
INSERT INTO notification_types (not_id, not_nm, sort_no) VALUES ('N010', 'My Alert', 10) ON CONFLICT (not_id) DO NOTHING
