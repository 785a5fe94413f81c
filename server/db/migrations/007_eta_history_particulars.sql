-- How each call's ETA slid (product.md#eta-history) and the rest of a vessel's particulars (product.md#input-and-formatting-rules
-- "Vessel particulars").
--
-- eta_changes: one small row per change of a port call's ETA: the ETA before and after, when, and by whom (a user's
-- ID, or 'simulator' when the schedule moved by itself). A trigger on port_calls writes it, so every path that moves an
-- ETA (the simulator, a route, the dev API, a test) records it; a path acting for a user says who with
-- set_config('quay.chg_by', usrId, true) in its transaction, and one running on a clock of its own (the simulator's
-- ticks) says when with set_config('quay.chg_at', iso, true). The rows follow their call when a voyage rolls over
-- (ON UPDATE CASCADE) and go with it (ON DELETE CASCADE). The trigger's body is one line: migrate.ts splits
-- statements at a semicolon that ends a line.

CREATE TABLE eta_changes (
  chg_id     bigserial PRIMARY KEY,
  vsl_cd     text NOT NULL,
  skd_voy_no text NOT NULL,
  skd_dir_cd text NOT NULL,
  call_seq   integer NOT NULL,
  old_eta    timestamptz NOT NULL,
  new_eta    timestamptz NOT NULL,
  chg_dt     timestamptz NOT NULL DEFAULT now(),
  chg_by     text NOT NULL DEFAULT 'simulator',
  FOREIGN KEY (vsl_cd, skd_voy_no, skd_dir_cd, call_seq)
    REFERENCES port_calls (vsl_cd, skd_voy_no, skd_dir_cd, call_seq) ON UPDATE CASCADE ON DELETE CASCADE
);
CREATE INDEX eta_changes_call ON eta_changes (vsl_cd, skd_voy_no, skd_dir_cd, call_seq, chg_id);

CREATE FUNCTION record_eta_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO eta_changes (vsl_cd, skd_voy_no, skd_dir_cd, call_seq, old_eta, new_eta, chg_dt, chg_by) VALUES (NEW.vsl_cd, NEW.skd_voy_no, NEW.skd_dir_cd, NEW.call_seq, OLD.eta, NEW.eta, COALESCE(NULLIF(current_setting('quay.chg_at', true), '')::timestamptz, now()), COALESCE(NULLIF(current_setting('quay.chg_by', true), ''), 'simulator')); RETURN NULL; END $$;

CREATE TRIGGER port_calls_eta_history AFTER UPDATE OF eta ON port_calls
  FOR EACH ROW WHEN (OLD.eta IS DISTINCT FROM NEW.eta) EXECUTE FUNCTION record_eta_change();

-- Particulars the vessels table lacked: MMSI (the flag's MID and six digits), beam and summer draught in metres. The
-- seed writes them (server/seed/world/fleet.ts, particulars()); a database seeded before gets the same values here.
ALTER TABLE vessels ADD COLUMN mmsi text;
ALTER TABLE vessels ADD COLUMN beam_m double precision;
ALTER TABLE vessels ADD COLUMN draught_m double precision;

UPDATE vessels SET
  mmsi = (CASE flag_cd WHEN 'LR' THEN '636' WHEN 'MH' THEN '538' WHEN 'DK' THEN '219' WHEN 'SG' THEN '563'
            WHEN 'HK' THEN '477' WHEN 'PA' THEN '352' WHEN 'GR' THEN '240' WHEN 'KR' THEN '440' WHEN 'DE' THEN '211'
            WHEN 'MT' THEN '248' ELSE '999' END) || right(imo_no, 6),
  beam_m = CASE WHEN teu >= 21000 THEN 61.5 WHEN teu >= 18000 THEN 58.8
                WHEN teu >= 13000 THEN (CASE WHEN loa_m >= 380 THEN 56.4 ELSE 51.2 END)
                WHEN teu >= 10000 THEN 48.2
                WHEN teu >= 8000 THEN (CASE WHEN loa_m >= 335 THEN 45.6 ELSE 42.8 END)
                WHEN teu >= 5500 THEN (CASE WHEN loa_m >= 300 THEN 42.8 ELSE 40 END)
                WHEN teu >= 4000 THEN (CASE WHEN loa_m >= 270 THEN 37.3 ELSE 32.25 END)
                WHEN teu >= 2000 THEN (CASE WHEN loa_m >= 200 THEN 32.25 ELSE 30 END)
                ELSE 27.6 END,
  draught_m = CASE WHEN teu >= 18000 THEN 16 WHEN teu >= 13000 THEN (CASE WHEN loa_m >= 380 THEN 16 ELSE 15.5 END)
                   WHEN teu >= 10000 THEN 15.5 WHEN teu >= 8000 THEN 14.5
                   WHEN teu >= 5500 THEN (CASE WHEN loa_m >= 300 THEN 14.5 ELSE 13.5 END)
                   WHEN teu >= 4000 THEN 13.5 WHEN teu >= 2000 THEN 11.5 ELSE 10 END
