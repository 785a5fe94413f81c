-- Quay reference server: initial schema. One SQL dialect for PGlite and PostgreSQL.
-- Times are timestamptz (UTC on the wire, ISO 8601). Sequences are integer so both drivers return numbers.

CREATE TABLE users (
  usr_id        text PRIMARY KEY,
  usr_nm        text NOT NULL,
  usr_tp_cd     text NOT NULL,
  usr_role_cd   text NOT NULL DEFAULT '',
  ofc_id        text NOT NULL DEFAULT '',
  ext_usr_id    text NOT NULL DEFAULT '',
  email         text NOT NULL DEFAULT '',
  password_hash text NOT NULL
);

CREATE TABLE sessions (
  sid        text PRIMARY KEY,
  usr_id     text NOT NULL REFERENCES users(usr_id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at   timestamptz
);

CREATE TABLE carriers (
  crr_cd   text PRIMARY KEY,
  crr_nm   text NOT NULL,
  bg_colr  text NOT NULL,   -- crrBgColrVal, e.g. '#00205B'
  fg_colr  text NOT NULL    -- crrFgColrVal
);

CREATE TABLE ports (
  port_cd  text PRIMARY KEY,          -- UN/LOCODE, 5 letters: 2 nation + 3 location
  port_nm  text NOT NULL,
  cnt_cd   text NOT NULL,
  cnt_nm   text NOT NULL,
  lat      double precision NOT NULL,
  lon      double precision NOT NULL,
  tz       text NOT NULL              -- IANA zone
);

CREATE TABLE terminals (
  port_cd text NOT NULL REFERENCES ports(port_cd),
  yd_cd   text NOT NULL,              -- e.g. 'SGSINPP' (port + 2)
  yd_nm   text NOT NULL,
  PRIMARY KEY (port_cd, yd_cd)
);

CREATE TABLE lanes (                  -- services (trade lanes)
  lane_cd  text PRIMARY KEY,          -- 3 to 4 letters, e.g. 'AEX'
  lane_nm  text NOT NULL,
  trade_cd text NOT NULL,             -- e.g. 'AEW' Asia-Europe
  trade_nm text NOT NULL,
  crr_cd   text NOT NULL REFERENCES carriers(crr_cd)
);

CREATE TABLE lane_ports (             -- port rotation in order
  lane_cd text NOT NULL REFERENCES lanes(lane_cd),
  seq     integer NOT NULL,
  port_cd text NOT NULL REFERENCES ports(port_cd),
  dir_cd  text NOT NULL,              -- 'E','W','N','S'
  PRIMARY KEY (lane_cd, seq)
);

CREATE TABLE vessels (
  vsl_cd    text PRIMARY KEY,         -- 4 letters
  vsl_nm    text NOT NULL,
  imo_no    text NOT NULL,
  call_sgn  text NOT NULL,
  flag_cd   text NOT NULL,
  crr_cd    text NOT NULL REFERENCES carriers(crr_cd),
  lane_cd   text NOT NULL REFERENCES lanes(lane_cd),
  teu       integer NOT NULL,
  built_yr  integer NOT NULL,
  loa_m     double precision NOT NULL,
  svc_spd   double precision NOT NULL -- service speed in knots
);

CREATE TABLE voyages (
  vsl_cd     text NOT NULL REFERENCES vessels(vsl_cd),
  skd_voy_no text NOT NULL,           -- e.g. '0412'
  skd_dir_cd text NOT NULL,           -- 'E','W','N','S'
  lane_cd    text NOT NULL REFERENCES lanes(lane_cd),
  is_current boolean NOT NULL DEFAULT false,
  PRIMARY KEY (vsl_cd, skd_voy_no, skd_dir_cd)
);

CREATE TABLE port_calls (
  vsl_cd     text NOT NULL,
  skd_voy_no text NOT NULL,
  skd_dir_cd text NOT NULL,
  call_seq   integer NOT NULL,
  port_cd    text NOT NULL REFERENCES ports(port_cd),
  yd_cd      text,
  yd_nm      text,
  eta        timestamptz NOT NULL,
  etb        timestamptz NOT NULL,
  etd        timestamptz NOT NULL,
  ata        timestamptz,
  atb        timestamptz,
  atd        timestamptz,
  skip_yn    text NOT NULL DEFAULT 'N', -- omitted call
  PRIMARY KEY (vsl_cd, skd_voy_no, skd_dir_cd, call_seq),
  FOREIGN KEY (vsl_cd, skd_voy_no, skd_dir_cd) REFERENCES voyages(vsl_cd, skd_voy_no, skd_dir_cd)
);
CREATE INDEX port_calls_port ON port_calls (port_cd, eta);

CREATE TABLE vessel_positions (       -- AIS track, newest is the current position
  vsl_cd  text NOT NULL REFERENCES vessels(vsl_cd),
  pos_dt  timestamptz NOT NULL,
  lat     double precision NOT NULL,
  lon     double precision NOT NULL,
  sog     double precision NOT NULL,  -- knots
  cog     double precision NOT NULL,  -- degrees
  hdg     double precision NOT NULL,
  nav_sts text NOT NULL,              -- 'UNDER_WAY','AT_ANCHOR','MOORED'
  PRIMARY KEY (vsl_cd, pos_dt)
);

CREATE TABLE vessel_reports (         -- noon/arrival/departure reports from the ship
  vsl_cd    text NOT NULL REFERENCES vessels(vsl_cd),
  rpt_dt    timestamptz NOT NULL,
  rpt_tp_cd text NOT NULL,            -- 'NOON','ARR','DEP'
  lat       double precision NOT NULL,
  lon       double precision NOT NULL,
  avg_spd   double precision NOT NULL,
  dist_nm   double precision NOT NULL,
  foc_mt    double precision NOT NULL, -- fuel oil consumed since last report
  rob_fo_mt double precision NOT NULL,
  rob_do_mt double precision NOT NULL,
  remark    text NOT NULL DEFAULT '',
  PRIMARY KEY (vsl_cd, rpt_dt)
);

CREATE TABLE port_status (
  port_cd     text PRIMARY KEY REFERENCES ports(port_cd),
  sts_nm      text NOT NULL,          -- 'Open','Restricted','Closed'
  sts_frm_dt  timestamptz NOT NULL,
  sts_reas_nm text NOT NULL DEFAULT ''
);

CREATE TABLE port_status_history (
  id          serial PRIMARY KEY,
  port_cd     text NOT NULL REFERENCES ports(port_cd),
  sts_nm      text NOT NULL,
  sts_frm_dt  timestamptz NOT NULL,
  sts_reas_nm text NOT NULL DEFAULT ''
);

CREATE TABLE storms (                 -- typhoon-storm
  storm_id  text PRIMARY KEY,
  storm_nm  text NOT NULL,
  category  text NOT NULL,
  obs_dt    timestamptz NOT NULL,
  lat       double precision NOT NULL,
  lon       double precision NOT NULL,
  wind_kts  double precision NOT NULL,
  radius_nm double precision NOT NULL,
  track     jsonb NOT NULL            -- [{dt, lat, lon, windKts}] forecast
);

CREATE TABLE holidays (
  cnt_cd text NOT NULL,
  hol_dt date NOT NULL,
  hol_nm text NOT NULL,
  PRIMARY KEY (cnt_cd, hol_dt)
);

CREATE TABLE programs (
  pgm_no    text PRIMARY KEY,
  pgm_nm    text NOT NULL,
  pgm_url   text NOT NULL,
  menu_url  text NOT NULL,
  menu_icon text NOT NULL,
  valid     boolean NOT NULL,
  sort_no   integer NOT NULL,
  roles     text NOT NULL DEFAULT '*'   -- '*' or comma list of role groups: vessel,operator,agent,other
);

CREATE TABLE widgets (
  wdgt_id   text PRIMARY KEY,          -- e.g. 'IBM_W2030'
  wdgt_nm   text NOT NULL,
  wdgt_path text NOT NULL,
  sort_no   integer NOT NULL
);

CREATE TABLE widget_flags (           -- per user widget on/off (widget-flag)
  usr_id  text NOT NULL REFERENCES users(usr_id),
  wdgt_id text NOT NULL REFERENCES widgets(wdgt_id),
  use_yn  text NOT NULL,
  PRIMARY KEY (usr_id, wdgt_id)
);

CREATE TABLE codes (
  cd_tp   text NOT NULL,
  cd      text NOT NULL,
  cd_nm   text NOT NULL,
  sort_no integer NOT NULL,
  PRIMARY KEY (cd_tp, cd)
);

CREATE TABLE user_relations (         -- my vessels, my lanes, my ports, an agent's own ports
  usr_id    text NOT NULL REFERENCES users(usr_id),
  rel_tp_cd text NOT NULL,            -- 'REL_USR_VSL','REL_USR_LANE','REL_USR_PORT','AGT_PORT'
  rel_cd    text NOT NULL,
  sort_no   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (usr_id, rel_tp_cd, rel_cd)
);

CREATE TABLE events (
  evnt_seq   serial PRIMARY KEY,
  vsl_cd     text REFERENCES vessels(vsl_cd),
  port_cd    text REFERENCES ports(port_cd),
  evnt_tp_cd text NOT NULL,            -- 'BUNKER','CREW','INSPECTION','REPAIR','WEATHER','PORT'
  evnt_nm    text NOT NULL,
  evnt_dt    timestamptz NOT NULL,
  evnt_desc  text NOT NULL DEFAULT ''
);

CREATE TABLE event_remarks (
  rmk_seq  serial PRIMARY KEY,
  evnt_seq integer NOT NULL REFERENCES events(evnt_seq),
  usr_id   text NOT NULL REFERENCES users(usr_id),
  remark   text NOT NULL,
  cre_dt   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE vessel_memos (           -- handover, cascade and widget memos
  memo_seq  serial PRIMARY KEY,
  vsl_cd    text NOT NULL REFERENCES vessels(vsl_cd),
  memo_tp   text NOT NULL,            -- 'HANDOVER','CASCADE','WIDGET'
  wdgt_id   text,
  memo      text NOT NULL,
  cre_usr_id text NOT NULL REFERENCES users(usr_id),
  cre_dt    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vessel_memos_vsl ON vessel_memos (vsl_cd, memo_tp, cre_dt DESC);

CREATE TABLE next_docks (
  vsl_cd     text PRIMARY KEY REFERENCES vessels(vsl_cd),
  yard_nm    text NOT NULL,
  port_cd    text NOT NULL REFERENCES ports(port_cd),
  fm_dt      timestamptz NOT NULL,
  to_dt      timestamptz NOT NULL,
  remark     text NOT NULL DEFAULT '',
  upd_usr_id text NOT NULL,
  upd_dt     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE app_history (
  id              serial PRIMARY KEY,
  usr_id          text NOT NULL REFERENCES users(usr_id),
  url_val         text NOT NULL,
  app_tp_cd       text NOT NULL,
  http_meth_tp_cd text NOT NULL,
  prmt_val        text NOT NULL DEFAULT '',
  cre_dt          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notification_types (
  not_id   text PRIMARY KEY,           -- N001 .. N009, N020, N101
  not_nm   text NOT NULL,
  sort_no  integer NOT NULL
);

CREATE TABLE notifications (
  not_seq     serial PRIMARY KEY,
  not_id      text NOT NULL REFERENCES notification_types(not_id),
  usr_id      text NOT NULL REFERENCES users(usr_id),
  vsl_cd      text REFERENCES vessels(vsl_cd),
  port_cd     text REFERENCES ports(port_cd),
  not_read_yn text NOT NULL DEFAULT 'N',
  ack_usr_id  text,
  ack_dt      timestamptz,
  cre_dt      timestamptz NOT NULL DEFAULT now(),
  detail      jsonb NOT NULL           -- the notification detail fields of product.md#what-the-app-holds (camelCase)
);
CREATE INDEX notifications_user ON notifications (usr_id, not_seq DESC);

CREATE TABLE notification_settings (
  usr_id     text NOT NULL REFERENCES users(usr_id),
  not_id     text NOT NULL REFERENCES notification_types(not_id),
  not_use_yn text NOT NULL,
  upd_dt     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (usr_id, not_id)
);

CREATE TABLE user_devices (           -- push subscriptions, one per device
  not_dev_id   text PRIMARY KEY,
  usr_id       text NOT NULL REFERENCES users(usr_id),
  not_sbscr_yn text NOT NULL DEFAULT 'N',
  subscription jsonb,                 -- PushSubscription JSON (endpoint, keys)
  upd_dt       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE chat_rooms (
  room_id      text PRIMARY KEY,       -- 'V-' || vsl_cd
  room_nm      text NOT NULL,
  vsl_cd       text NOT NULL UNIQUE REFERENCES vessels(vsl_cd),
  svce_lane_cd text NOT NULL,
  cre_dt       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE chat_members (
  room_id   text NOT NULL REFERENCES chat_rooms(room_id),
  usr_id    text NOT NULL REFERENCES users(usr_id),
  joined_dt timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (room_id, usr_id)
);

CREATE TABLE chat_messages (
  msg_seq       serial PRIMARY KEY,
  room_id       text NOT NULL REFERENCES chat_rooms(room_id),
  client_msg_id text,
  sender        text NOT NULL REFERENCES users(usr_id),
  sender_type   text NOT NULL,         -- 'V' vessel, 'S' shore
  msg_tp_cd     text NOT NULL DEFAULT 'TEXT', -- 'TEXT','BERTH_PRSP'
  msg_text      text NOT NULL,
  cre_dt        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (sender, client_msg_id)
);
CREATE INDEX chat_messages_room ON chat_messages (room_id, msg_seq DESC);

CREATE TABLE chat_reads (
  msg_seq     integer NOT NULL REFERENCES chat_messages(msg_seq),
  usr_id      text NOT NULL REFERENCES users(usr_id),
  read_date   timestamptz NOT NULL,
  read_source text NOT NULL,           -- 'M' mobile
  PRIMARY KEY (msg_seq, usr_id)
);

CREATE TABLE mutations (              -- audit log of applied mutations, and the idempotency store
  id          serial PRIMARY KEY,
  usr_id      text NOT NULL,
  idem_key    text,
  method      text NOT NULL,
  path        text NOT NULL,
  status_code integer,
  response    jsonb,
  cre_dt      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX mutations_idem ON mutations (usr_id, idem_key) WHERE idem_key IS NOT NULL;
