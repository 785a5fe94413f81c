import { describe, expect, it } from 'vitest';
import {
  API_BASE,
  apiPath,
  CHAT_BERTH_PROSPECT,
  CHAT_MESSAGE,
  CHAT_MY_ROOM_LIST,
  CHAT_PUSH_ALERT,
  CHAT_READ_MESSAGE,
  chatHistoryPath,
  chatPath,
  COMMON_APPLICATION_HISTORY,
  COMMON_MY_SETTING,
  commonPath,
  NOTIFICATION_DEVICE,
  NOTIFICATION_READ,
  NOTIFICATION_SETTINGS,
  NOTIFICATION_SUBSCRIPTION,
  NOTIFICATION_VESSEL_ACK,
  notificationPath,
  VESSEL_FLEET,
  vesselPath,
} from './api.ts';
import { SYNC_PULL_PATH, SYNC_PUSH_PATH } from './sync.ts';
import { ANALYTICS_PATH } from './analytics.ts';

describe('apiPath', () => {
  it('puts the base and the prefix before the route and fills each parameter, encoded', () => {
    expect(apiPath('/chat', '/history/:roomId/:beforeSeq', { roomId: 'V-A B/C', beforeSeq: 0 })).toBe(
      '/api/v2/app/chat/history/V-A%20B%2FC/0',
    );
    expect(chatHistoryPath('V-QHZN', 1234)).toBe('/api/v2/app/chat/history/V-QHZN/1234');
  });

  it('refuses a route whose parameter has no value', () => {
    expect(() => chatPath(CHAT_BERTH_PROSPECT)).toThrow(/:vslCd/);
  });

  // Operations queued in the outbox before an update keep their stored path: the server and the push must still
  // know it, so the paths the contract builds are the ones the clients wrote out before.
  it('builds the paths the clients called before', () => {
    expect(API_BASE).toBe('/api/v2/app');
    expect({
      rooms: chatPath(CHAT_MY_ROOM_LIST, { type: 'V' }),
      message: chatPath(CHAT_MESSAGE),
      pushAlert: chatPath(CHAT_PUSH_ALERT),
      readMark: chatPath(CHAT_READ_MESSAGE, { msgSeq: 42 }),
      berth: chatPath(CHAT_BERTH_PROSPECT, { vslCd: 'QHZN' }),
      history: commonPath(COMMON_APPLICATION_HISTORY),
      mySetting: commonPath(COMMON_MY_SETTING),
      analytics: ANALYTICS_PATH,
      read: notificationPath(NOTIFICATION_READ),
      ack: notificationPath(NOTIFICATION_VESSEL_ACK),
      settings: notificationPath(NOTIFICATION_SETTINGS),
      subscription: notificationPath(NOTIFICATION_SUBSCRIPTION),
      device: notificationPath(NOTIFICATION_DEVICE),
      fleet: vesselPath(VESSEL_FLEET),
      pull: SYNC_PULL_PATH,
      push: SYNC_PUSH_PATH,
    }).toEqual({
      rooms: '/api/v2/app/chat/my-room-list/V',
      message: '/api/v2/app/chat/message',
      pushAlert: '/api/v2/app/chat/message/push-alert',
      readMark: '/api/v2/app/chat/read-message/42',
      berth: '/api/v2/app/chat/berth-prsp/message/QHZN',
      history: '/api/v2/app/common/history/application-history',
      mySetting: '/api/v2/app/common/my-setting',
      analytics: '/api/v2/app/common/analytics',
      read: '/api/v2/app/notification/user/read',
      ack: '/api/v2/app/notification/vessel/ack',
      settings: '/api/v2/app/notification/settings',
      subscription: '/api/v2/app/notification/user/subscription',
      device: '/api/v2/app/notification/user/logged-user',
      fleet: '/api/v2/app/vessel/info/fleet',
      pull: '/api/v2/app/sync/pull',
      push: '/api/v2/app/sync/push',
    });
  });
});
