// API contract of "My devices" (product.md#my-devices): the caller's live sessions, one per device it signed on with,
// and signing one of them out. A device is named by an opaque id, never by its session id.
import { Type, type Static } from 'typebox';
import { IsoDate, NullableIsoDate } from './common.ts';

/** A device's id in the list: a digest of its session, which says nothing of the session itself. */
const DevId = Type.String({
  pattern: '^[A-Za-z0-9_-]{22}$',
  description: 'the device as the list names it (22 characters of base64url)',
});

export const MyDevice = Type.Object(
  {
    devId: DevId,
    /** The device this list was asked from. */
    current: Type.Boolean(),
    device: Type.String({
      maxLength: 200,
      description:
        'the browser and the device in words, read from its User-Agent, e.g. "Chrome 126 on Android"',
    }),
    method: Type.Union([Type.Literal('password'), Type.Literal('oidc')], {
      description: 'how it signed on: the password, or the organisation’s OpenID provider',
    }),
    signedOnAt: IsoDate,
    /** When the server last heard from it (a call, a token refresh, the live connection), to a few minutes. */
    lastSeenAt: NullableIsoDate,
    push: Type.Union([Type.Literal('on'), Type.Literal('off'), Type.Literal('none')], {
      description: 'its Web Push subscription: on, switched off, or none saved from it',
    }),
  },
  { additionalProperties: false },
);
export type MyDevice = Static<typeof MyDevice>;

/** This device first, then the others, the one seen last first. */
export const MyDeviceList = Type.Object({ devices: Type.Array(MyDevice) }, { additionalProperties: false });
export type MyDeviceList = Static<typeof MyDeviceList>;

export const MyDeviceParams = Type.Object({ devId: DevId });
