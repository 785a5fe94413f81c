-- A vessel's particulars may be unknown (integration.md#mapping-ovs-into-quay): a vessel a schedule source or an
-- import makes has its name and IMO number or MMSI, seldom its flag, call sign, capacity, year built, length or
-- service speed. NULL says so; the screens show "-" (product.md#input-and-formatting-rules), and AIS static data
-- fills what is NULL. The 0s and empty strings such vessels were given before stand for the same, and become NULL.
ALTER TABLE vessels ALTER COLUMN imo_no DROP NOT NULL;
ALTER TABLE vessels ALTER COLUMN call_sgn DROP NOT NULL;
ALTER TABLE vessels ALTER COLUMN flag_cd DROP NOT NULL;
ALTER TABLE vessels ALTER COLUMN teu DROP NOT NULL;
ALTER TABLE vessels ALTER COLUMN built_yr DROP NOT NULL;
ALTER TABLE vessels ALTER COLUMN loa_m DROP NOT NULL;
ALTER TABLE vessels ALTER COLUMN svc_spd DROP NOT NULL;

UPDATE vessels
   SET imo_no = NULLIF(imo_no, ''), call_sgn = NULLIF(call_sgn, ''), flag_cd = NULLIF(flag_cd, ''),
       teu = NULLIF(teu, 0), built_yr = NULLIF(built_yr, 0), loa_m = NULLIF(loa_m, 0), svc_spd = NULLIF(svc_spd, 0)
 WHERE imo_no = '' OR call_sgn = '' OR flag_cd = '' OR teu = 0 OR built_yr = 0 OR loa_m = 0 OR svc_spd = 0;
