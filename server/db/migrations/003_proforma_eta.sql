-- The proforma (long-term schedule) ETA of each port call: the arrival the service's published schedule promised.
-- A call's delay (product.md#what-the-app-holds etaDelayHrs, positive = ahead) is measured against it: before arrival with the current ETA,
-- after arrival with the ATA. Calls that existed before this migration take their current ETA as the promise.

ALTER TABLE port_calls ADD COLUMN pf_eta timestamptz;
UPDATE port_calls SET pf_eta = eta WHERE pf_eta IS NULL
