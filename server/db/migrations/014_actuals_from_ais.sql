-- Where a port call's actual times came from (integration.md#port-calls-detected-from-positions): 'AIS' when the
-- detector of server/ais/detect-calls.ts saw the arrival, berthing or departure in the vessel's positions, null when
-- a source gave the time (the simulator, a schedule feed, an import). A writer that changes a time without naming
-- its source takes the mark away: the trigger clears it, so no path has to know of it. The trigger's body is one
-- line: migrate.ts splits statements at a semicolon that ends a line.
ALTER TABLE port_calls ADD COLUMN ata_src text;
ALTER TABLE port_calls ADD COLUMN atb_src text;
ALTER TABLE port_calls ADD COLUMN atd_src text;

CREATE FUNCTION clear_actual_src() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.ata IS DISTINCT FROM OLD.ata AND NEW.ata_src IS NOT DISTINCT FROM OLD.ata_src THEN NEW.ata_src := NULL; END IF; IF NEW.atb IS DISTINCT FROM OLD.atb AND NEW.atb_src IS NOT DISTINCT FROM OLD.atb_src THEN NEW.atb_src := NULL; END IF; IF NEW.atd IS DISTINCT FROM OLD.atd AND NEW.atd_src IS NOT DISTINCT FROM OLD.atd_src THEN NEW.atd_src := NULL; END IF; RETURN NEW; END $$;

CREATE TRIGGER port_calls_actual_src BEFORE UPDATE OF ata, atb, atd ON port_calls
  FOR EACH ROW EXECUTE FUNCTION clear_actual_src();
