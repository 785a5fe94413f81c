// "My devices" (product.md#my-devices): the caller's own sessions, and signing one of them out. Thin: the rules are
// ../auth/devices.ts's.
import { userOf, type App } from '../context.ts';
import { myDevices, signOutMyDevice } from '../auth/devices.ts';
import { ApiError, SuccessMsg } from '../../src/core/contract/common.ts';
import { MyDeviceList, MyDeviceParams } from '../../src/core/contract/my-devices.ts';
import { COMMON_MY_DEVICE_SIGN_OUT, COMMON_MY_DEVICES } from '../../src/core/contract/api.ts';

export async function myDeviceRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  const tags = ['common'];
  const security = [{ token: [] }];

  app.get(
    COMMON_MY_DEVICES,
    {
      schema: {
        tags,
        security,
        summary:
          'The devices the caller is signed on with (its live sessions): this one first, each with its browser and ' +
          'system in words, how and when it signed on, when it was last seen and its push subscription',
        response: { 200: MyDeviceList },
      },
    },
    async (req, reply) => {
      // Last seen moves as the user looks: never answered from a cache.
      reply.header('cache-control', 'no-store');
      const user = userOf(req);
      return { devices: await myDevices(db, user.usrId, user.sid) };
    },
  );

  app.post(
    COMMON_MY_DEVICE_SIGN_OUT,
    {
      schema: {
        tags,
        security,
        summary:
          "Sign one of the caller's other devices out: its session ends, its live connection closes and its push " +
          'subscription goes; it is told why at its next contact. 404 for a device that is not one of the caller’s',
        params: MyDeviceParams,
        response: { 200: SuccessMsg, 400: ApiError, 404: ApiError },
      },
    },
    async (req) => {
      const user = userOf(req);
      await db.tx((sql) => signOutMyDevice(sql, user, req.params.devId));
      return { success: true, msg: 'Signed out' };
    },
  );
}
