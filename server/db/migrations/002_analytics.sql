-- Analytics events (product.md#live-push-and-analytics: page_view and user_move with the user's fields), collected when the app's analytics
-- sink points here (VITE_ANALYTICS_SINK=/api/v2/app/common/analytics). A runtime table: the seed leaves it empty.

CREATE TABLE analytics_event (
  seq         serial PRIMARY KEY,
  usr_id      text NOT NULL REFERENCES users(usr_id),   -- the caller's token, never the body
  name        text NOT NULL,                            -- page_view, user_move
  path        text NOT NULL,
  props       jsonb NOT NULL DEFAULT '{}'::jsonb,       -- extUsrId, usrRoleCd, usrPortCd, usrVslCd, usrTpCd as sent
  at          timestamptz NOT NULL,                     -- when it happened on the device
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_event_user ON analytics_event (usr_id, seq);
