-- What AIS static data (messages 5, 19, 24) says of a vessel that Quay keeps nowhere else: the destination the crew
-- typed and the AIS ETA (month, day and time without a year, stored as the next such instant), with when they came
-- (integration.md#ais-positions-in). Particulars AIS shares with Quay (IMO, call sign, length, beam) go to their own
-- columns, and only where Quay has none.
ALTER TABLE vessels ADD COLUMN ais_destination text;
ALTER TABLE vessels ADD COLUMN ais_eta timestamptz;
ALTER TABLE vessels ADD COLUMN ais_static_dt timestamptz;
CREATE INDEX vessels_mmsi ON vessels (mmsi);
