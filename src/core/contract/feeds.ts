// API contract of the feeds' state (integration.md#the-state-of-the-feeds): each schedule source and AIS feed the
// leading instance reads, when it last worked, its last error and its counters; for staff, and in /healthz.
import { Type, type Static } from 'typebox';

export const FeedState = Type.Object(
  {
    kind: Type.Union([Type.Literal('schedule'), Type.Literal('ais')]),
    source: Type.String({ maxLength: 2000, description: 'the source as configured, never its key' }),
    lastSuccessAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    lastErrorAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    lastError: Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]),
    nextTryAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    counters: Type.Record(Type.String({ maxLength: 100 }), Type.Number(), {
      description: 'what the feed counted since its instance started leading, e.g. pages, calls, sentences',
    }),
    updatedAt: Type.String({
      format: 'date-time',
      description: 'when the leading instance last wrote this state',
    }),
  },
  { additionalProperties: false },
);
export type FeedState = Static<typeof FeedState>;

export const FeedStates = Type.Object({ feeds: Type.Array(FeedState) }, { additionalProperties: false });
export type FeedStates = Static<typeof FeedStates>;
