import { describe, expect, it } from 'vitest';
import type { LoggedUser } from '../../core/contract/common.ts';
import { checkScheduleTarget, NO_VESSEL_CODE } from './check-schedule.ts';

const user = (usrTpCd: string, ofcId = 'OFC'): LoggedUser => ({
  usrId: 'u',
  usrNm: 'U',
  usrTpCd,
  usrRoleCd: '',
  ofcId,
  extUsrId: '',
  email: '',
});
const item = (notId: string, vslCd: string | null, portCd: string | null = 'SGSIN') => ({
  notSeq: 7,
  notId,
  vslCd,
  portCd,
});

describe('checkScheduleTarget', () => {
  it('takes a vessel user to its voyage page with the notification in the query', () => {
    expect(checkScheduleTarget(user('4', 'QHZN'), item('N004', 'QHZN'))).toEqual({
      to: '/voyage/QHZN?notSeq=7&notId=N004&portCd=SGSIN',
    });
  });

  it('takes other users to the live port for N008 and to the vessel schedule widget otherwise', () => {
    expect(checkScheduleTarget(user('3'), item('N008', null))).toEqual({ to: '/port/live/SGSIN' });
    expect(checkScheduleTarget(user('5'), item('N008', 'QHZN'))).toEqual({ to: '/port/live/SGSIN' });
    expect(checkScheduleTarget(user('2'), item('N003', 'QHZN'))).toEqual({
      to: '/vessel/QHZN?widgetPath=IBM_W2030',
    });
  });

  it('says there is no vessel code, except for N008 for users other than type 4', () => {
    expect(checkScheduleTarget(user('2'), item('N003', null))).toEqual({ error: NO_VESSEL_CODE });
    expect(checkScheduleTarget(user('4', 'QHZN'), item('N008', null))).toEqual({ error: NO_VESSEL_CODE });
    expect(checkScheduleTarget(user('3'), item('N008', null, null))).toEqual({ error: NO_VESSEL_CODE });
  });
});
