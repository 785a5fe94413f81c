// API contract of the service page (product.md#routes /service/{laneCode}; shape decided in architecture.md#the-pages-the-product-leaves-open): a lane's port rotation
// in order and the vessels deployed on it, each with its next call.
import { Type, type Static } from 'typebox';
import { DelayHrs, IsoDate, LaneCd, NullableIsoDate } from './common.ts';
import { VesselMotion } from './port.ts';

export const ServiceQuery = Type.Object({ laneCd: LaneCd });
export type ServiceQuery = Static<typeof ServiceQuery>;

export const RotationPort = Type.Object({
  seq: Type.Integer({ description: 'place in the rotation, from 1' }),
  portCd: Type.String(),
  portNm: Type.String(),
  cntCd: Type.String(),
  dirCd: Type.String({ description: 'direction of the leg the port is called on: E, W, N or S' }),
  lat: Type.Number(),
  lon: Type.Number(),
});
export type RotationPort = Static<typeof RotationPort>;

export const NextCall = Type.Object({
  portCd: Type.String(),
  portNm: Type.String(),
  ydNm: Type.Union([Type.String(), Type.Null()]),
  eta: IsoDate,
  ata: NullableIsoDate,
  delayHrs: DelayHrs,
});
export type NextCall = Static<typeof NextCall>;

export const ServiceVessel = Type.Object({
  vslCd: Type.String(),
  vslNm: Type.String(),
  skdVoyNo: Type.Union([Type.String(), Type.Null()]),
  skdDirCd: Type.Union([Type.String(), Type.Null()]),
  nextCall: Type.Union([NextCall, Type.Null()], {
    description: 'the call the vessel is at or sails to; null when it has none left',
  }),
  motion: VesselMotion,
});
export type ServiceVessel = Static<typeof ServiceVessel>;

export const ServiceRotation = Type.Object({
  laneCd: Type.String(),
  laneNm: Type.String(),
  tradeCd: Type.String(),
  tradeNm: Type.String(),
  crrCd: Type.String(),
  crrNm: Type.String(),
  crrBgColrVal: Type.String(),
  crrFgColrVal: Type.String(),
  rotation: Type.Array(RotationPort, { description: 'in rotation order' }),
  vessels: Type.Array(ServiceVessel, {
    description: 'vessels whose current voyage is on the lane, soonest next call first',
  }),
});
export type ServiceRotation = Static<typeof ServiceRotation>;
