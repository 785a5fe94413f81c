// GET /vessel/info/fleet: every vessel at a glance (newest position, next call, followed by the caller), for the
// map and My Vessel; a vessel user gets only its own vessel. The answer comes from ../../vessels/fleet.ts.
import { userOf, type App } from '../../context.ts';
import { FleetResponse } from '../../../src/core/contract/vessel.ts';
import { fleet } from '../../vessels/fleet.ts';
import { VESSEL_FLEET } from '../../../src/core/contract/api.ts';

const tags = ['vessel'];
const security = [{ token: [] }];

export async function fleetRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.get(
    VESSEL_FLEET,
    {
      schema: {
        tags,
        security,
        summary:
          'Every vessel with its newest position and next call (a vessel user gets only its own vessel)',
        response: { 200: FleetResponse },
      },
    },
    async (req) => fleet(db, userOf(req)),
  );
}
