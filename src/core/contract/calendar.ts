// API contract of My calendar (product.md#calendar-feed): the user's feed link, made on first use and made anew on
// request (which revokes the old one), and the feed's address parameters. The secret is shown once, when it is made:
// the server keeps only its SHA-256, and the device keeps the secret to show the address again with no link.
import { Type, type Static } from 'typebox';
import { IsoDate } from './common.ts';

/** Weeks ahead the feed lists calls (and a day back, so that a departure just made stays in view). */
export const CALENDAR_WEEKS = 8;

/** 32 random bytes, base64url without padding. */
const CalendarSecret = Type.String({
  pattern: '^[A-Za-z0-9_-]{43}$',
  description: 'the feed secret: 32 random bytes, base64url (never the sign-on token)',
});

export const CalendarLinkBody = Type.Object(
  {
    renew: Type.Boolean({
      description:
        'true: make a new secret, which revokes the old one at once; false: make one only when the user has none',
    }),
  },
  { additionalProperties: false },
);
export type CalendarLinkBody = Static<typeof CalendarLinkBody>;

export const CalendarLink = Type.Object({
  secret: Type.Union([CalendarSecret, Type.Null()], {
    description:
      'the secret just made; null when the user already had one (kept hashed, so it cannot be shown again)',
  }),
  madeAt: IsoDate,
});
export type CalendarLink = Static<typeof CalendarLink>;

export const CalendarVesselParams = Type.Object({
  secret: CalendarSecret,
  file: Type.String({
    pattern: '^[A-Z0-9]{4}\\.ics$',
    description: 'the vessel code and .ics, e.g. QHZN.ics',
  }),
});
export const CalendarPortParams = Type.Object({
  secret: CalendarSecret,
  file: Type.String({
    pattern: '^[A-Z]{2}[A-Z0-9]{3}\\.ics$',
    description: 'the port code (UN/LOCODE) and .ics, e.g. SGSIN.ics',
  }),
});
