// API contract of the API keys staff make for partners' systems (integration.md#api-keys): a key acts for one user,
// its owner, and sees what the owner's role may see. The key itself is answered once, when made: the server keeps
// only its SHA-256.
import { Type, type Static } from 'typebox';
import { IsoDate, NullableIsoDate } from './common.ts';
import { NO_NUL_PATTERN } from './text.ts';

/** A key's public name in lists and in the address that revokes it: ak_ and 12 hexadecimal digits. */
const KeyId = Type.String({
  pattern: '^ak_[0-9a-f]{12}$',
  description: "the key's public id, e.g. ak_5f0c9e1a2b3c",
});

export const ApiKeyBody = Type.Object(
  {
    label: Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: NO_NUL_PATTERN,
      description: 'what the key is for, e.g. "Port community system of Rotterdam"',
    }),
    usrId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 50,
        pattern: NO_NUL_PATTERN,
        description:
          "the user the key acts for, whose role decides what it sees; the caller's own when left out",
      }),
    ),
  },
  { additionalProperties: false },
);
export type ApiKeyBody = Static<typeof ApiKeyBody>;

export const ApiKeyInfo = Type.Object({
  keyId: KeyId,
  label: Type.String(),
  usrId: Type.String({ description: 'the owner: the key sees what this user may see' }),
  madeBy: Type.String(),
  madeAt: IsoDate,
  lastUsedAt: NullableIsoDate,
  revokedAt: NullableIsoDate,
});
export type ApiKeyInfo = Static<typeof ApiKeyInfo>;

export const ApiKeyMade = Type.Object({
  ...ApiKeyInfo.properties,
  key: Type.String({
    pattern: '^quay_[A-Za-z0-9_-]{43}$',
    description: 'the key, shown this once: send it as Authorization: Bearer <key> or API-Key: <key>',
  }),
});
export type ApiKeyMade = Static<typeof ApiKeyMade>;

export const ApiKeyList = Type.Object({ keys: Type.Array(ApiKeyInfo) });
export type ApiKeyList = Static<typeof ApiKeyList>;

export const ApiKeyParams = Type.Object({ keyId: KeyId });
