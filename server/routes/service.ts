// Service routes under /api/v2/app/service (product.md#routes /service/{laneCode}, shape per architecture.md#the-pages-the-product-leaves-open): a lane's port rotation
// and the vessels deployed on it with their next call. Any signed-on user reads it; a vessel user (type 4) sees other
// vessels as public schedule facts only (see ../ports/motion.ts motionFor). The answer comes from
// ../ports/services.ts.
import { userOf, type App } from '../context.ts';
import { ServiceQuery, ServiceRotation } from '../../src/core/contract/service.ts';
import { MOTION_RULE } from '../ports/motion.ts';
import { serviceRotation } from '../ports/services.ts';
import { SERVICE_ROTATION } from '../../src/core/contract/api.ts';

const tags = ['service'];
const security = [{ token: [] }];

export async function serviceRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.get(
    SERVICE_ROTATION,
    {
      schema: {
        tags,
        security,
        summary: `A service's port rotation in order and the vessels deployed on it with their next call. Any signed-on user${MOTION_RULE}`,
        querystring: ServiceQuery,
        response: { 200: ServiceRotation },
      },
    },
    async (req) => serviceRotation(db, userOf(req), req.query.laneCd),
  );
}
