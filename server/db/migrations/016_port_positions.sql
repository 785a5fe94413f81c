-- Where a port's position came from (integration.md#starting-empty-and-importing): 'UN/LOCODE' when an import of
-- UN/LOCODE's code list placed it, so that a newer list may move it again; null for one placed otherwise (the demo
-- world's harbour positions, a position set by hand), which an import keeps: UN/LOCODE places the town to the
-- minute, often kilometres from the berths that vessels sail to.
ALTER TABLE ports ADD COLUMN pos_src text;
