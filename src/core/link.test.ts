import { describe, expect, it } from 'vitest';
import {
  canOpenVessel,
  entityLink,
  portLiveLink,
  portStatusLink,
  serviceLink,
  vesselLink,
  voyageLink,
  type LinkUser,
} from './link.ts';

const vesselUser: LinkUser = { usrTpCd: '4', ofcId: 'ABCD' };
const agent: LinkUser = { usrTpCd: '3', ofcId: 'SEL' };
const restricted5: LinkUser = { usrTpCd: '5', ofcId: 'X' };
const restricted6: LinkUser = { usrTpCd: '6', ofcId: 'X' };
const operator: LinkUser = { usrTpCd: '1', ofcId: 'HQ' };

describe('vessel and voyage links', () => {
  it('is "#" without a user', () => {
    expect(vesselLink(null, 'ABCD')).toBe('#');
    expect(voyageLink(undefined, 'ABCD')).toBe('#');
    expect(entityLink(null, 'vessel', 'ABCD')).toBe('#');
  });

  it('lets a type 4 user open only its own vessel and voyage', () => {
    expect(vesselLink(vesselUser, 'ABCD')).toBe('/vessel/ABCD');
    expect(voyageLink(vesselUser, 'ABCD')).toBe('/voyage/ABCD');
    expect(vesselLink(vesselUser, 'abcd ')).toBe('/vessel/abcd');
    expect(vesselLink(vesselUser, 'WXYZ')).toBe('#');
    expect(voyageLink(vesselUser, 'WXYZ')).toBe('#');
    expect(canOpenVessel(vesselUser, 'WXYZ')).toBe(false);
  });

  it('lets types 5, 6, agents and others open any vessel or voyage', () => {
    for (const u of [restricted5, restricted6, agent, operator]) {
      expect(vesselLink(u, 'WXYZ')).toBe('/vessel/WXYZ');
      expect(voyageLink(u, 'WXYZ')).toBe('/voyage/WXYZ');
      expect(canOpenVessel(u, 'WXYZ')).toBe(true);
    }
  });

  it('adds the widgetPath query', () => {
    expect(vesselLink(operator, 'WXYZ', { widgetPath: 'IBM_W2030' })).toBe(
      '/vessel/WXYZ?widgetPath=IBM_W2030',
    );
    expect(vesselLink(vesselUser, 'WXYZ', { widgetPath: 'IBM_W2030' })).toBe('#');
    expect(vesselLink(operator, 'WXYZ', {})).toBe('/vessel/WXYZ');
  });

  it('passes voyage query data, skipping empty values', () => {
    expect(voyageLink(vesselUser, 'ABCD', { notId: 'N001', notSeq: '12', x: '', y: null })).toBe(
      '/voyage/ABCD?notId=N001&notSeq=12',
    );
  });

  it('links to the page without a code when the code is empty', () => {
    expect(vesselLink(operator, '')).toBe('/vessel');
    expect(voyageLink(vesselUser, null)).toBe('/voyage');
    expect(vesselLink(null, '')).toBe('#');
  });

  it('URL-encodes codes and query values', () => {
    expect(vesselLink(operator, 'A/B?C')).toBe('/vessel/A%2FB%3FC');
    expect(vesselLink(operator, 'AB', { widgetPath: 'a b&c' })).toBe('/vessel/AB?widgetPath=a+b%26c');
  });
});

describe('service and port links', () => {
  it('builds the routes of product.md#screens-and-routes', () => {
    expect(serviceLink('AEX')).toBe('/service/AEX');
    expect(portLiveLink('KRPUS')).toBe('/port/live/KRPUS');
    expect(portStatusLink('KRPUS')).toBe('/port/status/KRPUS');
  });

  it('encodes codes and falls back to the page without a code', () => {
    expect(serviceLink('A B')).toBe('/service/A%20B');
    expect(portLiveLink('KR#1')).toBe('/port/live/KR%231');
    expect(serviceLink('')).toBe('/service');
    expect(portLiveLink(null)).toBe('/port/live');
    expect(portStatusLink(undefined)).toBe('/port/status');
  });
});
