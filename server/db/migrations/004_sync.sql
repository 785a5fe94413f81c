-- The change log of the sync protocol (docs/sync.md): a per-user clock and one row per changed entity, written in the
-- transaction of each change. A pull by cursor reads the rows with a larger version: an index lookup, never a scan.

CREATE TABLE sync_clock (
  usr_id  text PRIMARY KEY REFERENCES users(usr_id),
  epoch   text NOT NULL,                 -- a new one when the clock starts again (database reset): old cursors reset
  version integer NOT NULL               -- the user's last change; upserted, so its row lock orders the user's commits
);

CREATE TABLE sync_changes (
  usr_id     text NOT NULL REFERENCES users(usr_id),
  kind       text NOT NULL,              -- notifications, settings, myPorts, myVessels, chat, user
  entity_key text NOT NULL,              -- notSeq, roomId, or '' for a dataset taken whole
  version    integer NOT NULL,           -- the version of the entity's last change
  PRIMARY KEY (usr_id, kind, entity_key)
);
CREATE INDEX sync_changes_version ON sync_changes (usr_id, version);

-- The badge (unread count) rides on every pull that brings a notification: counted from the unread rows only.
CREATE INDEX notifications_unread ON notifications (usr_id, vsl_cd) WHERE not_read_yn = 'N';
