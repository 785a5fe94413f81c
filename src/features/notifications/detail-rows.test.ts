import { describe, expect, it } from 'vitest';
import type { NotificationDetail } from '../../core/contract/notification.ts';
import { detailRows } from './detail-rows.ts';

const base: NotificationDetail = {
  notSeq: 1,
  notId: 'N001',
  notNm: 'ETA Change',
  vslCd: 'QHZN',
  vslNm: 'QUAY HORIZON',
  portCd: 'SGSIN',
  skdVoyNo: '0399',
  skdDirCd: 'E',
  etaDt: '2026-11-23T05:00:00.000Z',
  etbDt: '2026-11-23T09:00:00.000Z',
  etdDt: '2026-11-24T13:30:00.000Z',
  ataDt: '2026-11-20T19:04:00.000Z',
  atdDt: '2026-11-21T23:40:00.000Z',
  etaDelayHrs: -3.4,
  prevEtaDt: '2026-11-23T02:00:00.000Z',
  vslSlanCd: 'AEX',
  ydNm: 'Pasir Panjang',
  algsdNm: 'Port side',
  reqSpd: 17.25,
  stsNm: 'Restricted',
  stsFrmDt: '2026-11-22T06:00:00.000Z',
  stsReasNm: 'Fog',
  notMsg: 'msg',
  creUsrId: null,
  creUtcDt: null,
  notReadYn: 'N',
  ackUsrId: null,
};
const labels = (notId: string) => detailRows({ ...base, notId }).map((r) => r.label);
const value = (notId: string, label: string) =>
  detailRows({ ...base, notId }).find((r) => r.label === label)?.value;

describe('detail layouts', () => {
  it('gives each type its fields', () => {
    expect(labels('N001')).toEqual(['Vessel', 'Voyage', 'Port', 'Previous ETA', 'ETA', 'ETA moved']);
    expect(labels('N002')).toEqual(['Vessel', 'Voyage', 'Port', 'ETA']);
    expect(labels('N020')).toEqual(labels('N002'));
    expect(labels('N003')).toEqual(['Vessel', 'Port', 'ETA', 'Schedule']);
    expect(labels('N010')).toEqual(['Vessel', 'Port', 'Previous ETA', 'ETA', 'ETA moved', 'Schedule']);
    expect(labels('N004')).toEqual(['Port', 'Terminal', 'Alongside', 'ETA', 'ETB', 'ETD', 'Required speed']);
    expect(labels('N005')).toEqual(['Vessel', 'Port', 'ATA']);
    expect(labels('N006')).toEqual(['Vessel', 'Port', 'ATD']);
    expect(labels('N008')).toEqual(['Vessel', 'Port', 'Alongside']);
    expect(labels('N009')).toEqual(['Port', 'Status', 'From', 'Reason']);
    expect(labels('N007')).toEqual([]);
    expect(labels('N101')).toEqual([]);
  });

  it('says a port status change had no reason in words, as the port status page does, and colours the delay', () => {
    expect(value('N009', 'Reason')).toBe('Fog');
    const noReason = detailRows({ ...base, notId: 'N009', stsReasNm: null });
    expect(noReason.find((r) => r.label === 'Reason')?.value).toBe('No reason given');
    const late = detailRows({ ...base, notId: 'N003', etaDelayHrs: -5 }).find((r) => r.label === 'Schedule');
    expect(late).toMatchObject({ value: '5 h late', tone: 'behind' });
  });

  it('formats times in UTC, voyage with direction, speed in kts', () => {
    expect(value('N001', 'Previous ETA')).toBe('02:00 23-Nov-26 UTC');
    expect(value('N002', 'Voyage')).toBe('0399E');
    expect(value('N004', 'Required speed')).toBe('17.3 kts');
    expect(value('N009', 'From')).toBe('06:00 22-Nov-26 UTC');
    expect(detailRows({ ...base, notId: 'N004', reqSpd: null, ydNm: null }).map((r) => r.value)).toContain(
      '-',
    );
  });

  it('says the delay in words, early when positive and late otherwise, apart from how far the ETA moved', () => {
    const rows = (etaDelayHrs: number | null, etaDt = base.etaDt) =>
      Object.fromEntries(
        detailRows({ ...base, notId: 'N010', etaDelayHrs, etaDt }).map((r) => [r.label, r.value]),
      );
    expect(rows(-3.4)).toMatchObject({ Schedule: '3 h late', 'ETA moved': '3 h later' });
    expect(rows(2.6)).toMatchObject({ Schedule: '3 h early' });
    expect(rows(0.2)).toMatchObject({ Schedule: 'on time' });
    expect(rows(null)).toMatchObject({ Schedule: '-' });
    // A My Alert whose ETA moved 8.5 h later while the call stays 1 h ahead of its schedule: words that do not clash.
    expect(rows(1, '2026-11-23T10:30:00.000Z')).toMatchObject({
      'ETA moved': '8.5 h later',
      Schedule: '1 h early',
    });
    for (const value of Object.values(rows(-3.4))) expect(value).not.toMatch(/AHD|BHD|LTS|[+-]\d+h/);
  });
});
