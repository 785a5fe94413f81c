// My devices (product.md#my-devices): the user's sessions and signing one out, asked of the server each time the
// page asks and never kept on the device. With no link nothing is tried; failures come back as values, since an error
// crossing to the window loses what kind it was.
import type { ApiCaller } from '../../src/device/outbox/drain.ts';
import { checkSchema } from '../../src/device/net/schema-check.ts';
import { RequestError, TimeoutError } from '../../src/device/net/errors.ts';
import { SuccessMsg } from '../../src/core/contract/common.ts';
import { MyDeviceList } from '../../src/core/contract/my-devices.ts';
import { COMMON_MY_DEVICE_SIGN_OUT, COMMON_MY_DEVICES, commonPath } from '../../src/core/contract/api.ts';

/**
 * An answer (value), or why there is none (value null): no link (nothing was tried, or nothing came back), or the
 * server's words. One shape, not a union: Comlink's types would make a union of promises of it.
 */
export interface DeviceAnswer<T> {
  value: T | null;
  noLink: boolean;
  message: string;
}

const NEEDS_LINK = 'My devices needs the link: the server keeps where you are signed on.';

const checkList = checkSchema(MyDeviceList);
const checkDone = checkSchema(SuccessMsg);

export function createMyDevices(client: ApiCaller, isOnline: () => boolean) {
  async function ask<T>(run: () => Promise<T>): Promise<DeviceAnswer<T>> {
    if (!isOnline()) return { value: null, noLink: true, message: NEEDS_LINK };
    try {
      return { value: await run(), noLink: false, message: '' };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      // No answer at all: the link is down whatever the device thought.
      const noLink =
        !(err instanceof RequestError && err.status !== undefined) && !(err instanceof TimeoutError);
      return { value: null, noLink, message: noLink ? NEEDS_LINK : message };
    }
  }
  return {
    /** The user's devices, this one first. */
    myDevices: () => ask(() => client.json(commonPath(COMMON_MY_DEVICES), checkList)),
    /** Signs another of the user's devices out. */
    signOutDevice: (devId: string) =>
      ask(() => client.json(commonPath(COMMON_MY_DEVICE_SIGN_OUT, { devId }), checkDone, { method: 'POST' })),
  };
}
