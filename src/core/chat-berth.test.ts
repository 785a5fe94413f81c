// The berth prospect form's times (chat-berth.ts): a UTC day and a 24-hour time read the app's way, what is wrong
// said per field, and the body sent to the server as it always was (ISO times in UTC).
import { describe, expect, it } from 'vitest';
import {
  checkBerthForm,
  dayChoices,
  EMPTY_BERTH_FORM,
  joinWhen,
  readClock,
  splitWhen,
  utcFromInput,
} from './chat-berth.ts';

const NOW = Date.UTC(2026, 10, 27, 21, 50); // Fri 27-Nov-26 21:50 UTC

describe('readClock', () => {
  it('reads a 24-hour time as people type it, a phone number pad too', () => {
    expect(readClock('14:30')).toEqual({ h: 14, m: 30 });
    expect(readClock(' 14.30 ')).toEqual({ h: 14, m: 30 });
    expect(readClock('14h30')).toEqual({ h: 14, m: 30 });
    expect(readClock('1430')).toEqual({ h: 14, m: 30 });
    expect(readClock('930')).toEqual({ h: 9, m: 30 });
    expect(readClock('0:05')).toEqual({ h: 0, m: 5 });
    expect(readClock('23:59')).toEqual({ h: 23, m: 59 });
  });

  it('refuses what is not a 24-hour time', () => {
    for (const t of ['', '24:00', '12:60', '2:30 PM', '14', '14:3', '12345', 'noon', '-1:00'])
      expect(readClock(t), t).toBeNull();
  });
});

describe('utcFromInput', () => {
  it('reads a day and a time typed beside it as UTC, whatever the runtime zone', () => {
    expect(utcFromInput('2026-12-03T14:30')?.toISOString()).toBe('2026-12-03T14:30:00.000Z');
    expect(utcFromInput('2026-12-03T930')?.toISOString()).toBe('2026-12-03T09:30:00.000Z');
    // An older draft, written by a date-time field with seconds.
    expect(utcFromInput('2026-12-03T14:30:00')?.toISOString()).toBe('2026-12-03T14:30:00.000Z');
  });

  it('gives null for a missing or impossible day or time', () => {
    for (const v of ['', '2026-12-03T', 'T14:30', '2026-02-31T10:00', '2026-12-03T25:00', '03-12-2026T10:00'])
      expect(utcFromInput(v), v).toBeNull();
  });

  it('keeps the time as typed beside its day, so nothing typed is lost', () => {
    expect(splitWhen(joinWhen('2026-12-03', '25:70'))).toEqual({ day: '2026-12-03', time: '25:70' });
    expect(splitWhen(joinWhen('', '14:30'))).toEqual({ day: '', time: '14:30' });
    expect(joinWhen('', '')).toBe('');
  });
});

describe('dayChoices', () => {
  it('offers the UTC days from a week back to three months on, in the app’s style, today marked', () => {
    const days = dayChoices(NOW);
    expect(days).toHaveLength(98);
    expect(days[0]).toEqual({ value: '2026-11-20', label: '20-Nov-26 Fri' });
    expect(days.find((d) => d.value === '2026-11-27')?.label).toBe('27-Nov-26 Fri (today)');
    expect(days.find((d) => d.value === '2027-01-01')?.label).toBe('01-Jan-27 Fri');
  });

  it('keeps a day already in the form that lies outside, in order', () => {
    const days = dayChoices(NOW, ['2026-10-01', 'not a day']);
    expect(days[0]).toEqual({ value: '2026-10-01', label: '01-Oct-26 Thu' });
    expect(days).toHaveLength(99);
  });
});

describe('checkBerthForm', () => {
  const form = { ...EMPTY_BERTH_FORM, portCd: 'sgsin' };

  it('sends ISO times in UTC, as the server takes them', () => {
    const checked = checkBerthForm({ ...form, etb: '2026-12-03T1400', etd: '2026-12-04T6:00' });
    expect(checked.ok && checked.body).toEqual({
      portCd: 'SGSIN',
      etb: '2026-12-03T14:00:00.000Z',
      etd: '2026-12-04T06:00:00.000Z',
    });
  });

  it('says per field what is missing or cannot be read', () => {
    const errors = (etb: string, etd = '') => {
      const c = checkBerthForm({ ...form, etb, etd });
      return c.ok ? {} : c.errors;
    };
    expect(errors('')).toEqual({ etb: 'Enter the ETB: its day and time (UTC).' });
    expect(errors('T14:30')).toEqual({ etb: 'Choose the day of the ETB.' });
    expect(errors('2026-12-03T')).toEqual({ etb: 'Enter the time of the ETB, 24-hour, for example 14:30.' });
    expect(errors('2026-12-03T2:30 PM')).toEqual({
      etb: '"2:30 PM" is not a time: write the ETB as HH:mm, 24-hour, for example 14:30.',
    });
    expect(errors('2026-12-03T14:00', '2026-12-04T')).toEqual({
      etd: 'Enter the time of the ETD, 24-hour, for example 14:30.',
    });
    expect(errors('2026-12-03T14:00', '2026-12-02T06:00')).toEqual({
      etd: 'The ETD must not be before the ETB.',
    });
  });
});
