-- My calendar (product.md#calendar-feed): each user's feed secret, kept as its SHA-256 only (the feed URL holds
-- the secret, never the sign-on token); a new link replaces the row, so the old secret is refused from then on.
CREATE TABLE calendar_links (
  usr_id      text PRIMARY KEY REFERENCES users(usr_id),
  secret_hash text NOT NULL UNIQUE,
  made_at     timestamptz NOT NULL DEFAULT now()
);

-- Each port call counts the moves of its times (planned or actual, or omitted), and keeps when they last moved
-- (null: never since this migration, so that the seed stays the same for the same now): the feed's SEQUENCE and
-- LAST-MODIFIED, so that a calendar app polling the feed sees an event change when the call's times change.
ALTER TABLE port_calls ADD COLUMN times_seq integer NOT NULL DEFAULT 0;
ALTER TABLE port_calls ADD COLUMN times_dt timestamptz;
CREATE FUNCTION port_call_times_moved() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF (NEW.eta, NEW.etb, NEW.etd, NEW.ata, NEW.atb, NEW.atd, NEW.skip_yn) IS DISTINCT FROM (OLD.eta, OLD.etb, OLD.etd, OLD.ata, OLD.atb, OLD.atd, OLD.skip_yn) THEN NEW.times_seq := OLD.times_seq + 1; NEW.times_dt := now(); END IF; RETURN NEW; END $$;
CREATE TRIGGER port_call_times BEFORE UPDATE ON port_calls FOR EACH ROW EXECUTE FUNCTION port_call_times_moved()
