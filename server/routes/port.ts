// Port routes under /api/v2/app/port (product.md#routes /port/live and /port/status, shapes per architecture.md#the-pages-the-product-leaves-open): a port's calls around
// now and its status with recent changes. Any signed-on user reads them; a vessel user (type 4) sees other vessels'
// calls as public schedule facts only: their AIS state (position, speed, nav status) is its own vessel's alone. The
// answers come from ../ports/ports.ts.
import { userOf, type App } from '../context.ts';
import {
  PORT_DEPARTED_HOURS,
  PORT_EXPECTED_DAYS,
  PortLive,
  PortQuery,
  PortStatus,
} from '../../src/core/contract/port.ts';
import { Sailings, SailingsQuery, ScheduleSet } from '../../src/core/contract/sailings.ts';
import { MOTION_RULE } from '../ports/motion.ts';
import { portLive, portStatus } from '../ports/ports.ts';
import { sailings, scheduleSet } from '../ports/sailings.ts';
import { SAILINGS_MAX_WEEKS, SAILINGS_WEEKS } from '../../src/core/sailing-weeks.ts';
import { PORT_LIVE, PORT_SAILINGS, PORT_SCHEDULES, PORT_STATUS } from '../../src/core/contract/api.ts';

const tags = ['port'];
const security = [{ token: [] }];

export async function portRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.get(
    PORT_LIVE,
    {
      schema: {
        tags,
        security,
        summary:
          `A port and its calls around now: expected (ETA within ${PORT_EXPECTED_DAYS} days), alongside, and ` +
          `departed in the last ${PORT_DEPARTED_HOURS} h, with the port's current status. Any signed-on ` +
          `user${MOTION_RULE}`,
        querystring: PortQuery,
        response: { 200: PortLive },
      },
    },
    async (req) => portLive(db, userOf(req), req.query.portCd),
  );

  app.get(
    PORT_STATUS,
    {
      schema: {
        tags,
        security,
        summary:
          "A port's current status, since when and why (N009 fields), and its recent changes, newest first. Any " +
          'signed-on user',
        querystring: PortQuery,
        response: { 200: PortStatus },
      },
    },
    async (req) => portStatus(db, req.query.portCd),
  );

  app.get(
    PORT_SAILINGS,
    {
      schema: {
        tags,
        security,
        summary:
          `Port to port: the vessels leaving fromPortCd in the next weeks (${SAILINGS_WEEKS} by default, at most ` +
          `${SAILINGS_MAX_WEEKS}) that call at toPortCd later on the same voyage, with ETD, ETA and transit days, by ` +
          'departure. 400 when both ports are the same, 404 for a port there is none of. Any signed-on user',
        querystring: SailingsQuery,
        response: { 200: Sailings },
      },
    },
    async (req) => sailings(db, req.query),
  );

  app.get(
    PORT_SCHEDULES,
    {
      schema: {
        tags,
        security,
        summary:
          "Every vessel's calls still to come, compact (port code, ETA and ETD in minutes after base), by service " +
          'and voyage: the device keeps it to answer port-to-port searches with no link. Any signed-on user',
        response: { 200: ScheduleSet },
      },
    },
    async () => scheduleSet(db),
  );
}
