// The part of the untyped `aisparser` package (dakk/AisParser) that server/ais/decode.ts uses; nothing else of
// Quay imports the package, so its shape is written once, here.
declare module 'aisparser' {
  export type Validity = 'VALID' | 'INVALID' | 'UNSUPPORTED' | 'INCOMPLETE';

  /** A parsed message: its getters decode on demand, answer NaN or '' when a field is absent, and may throw. */
  export interface AisMessage {
    readonly valid: Validity;
    readonly errMsg: string;
    readonly aisType: number;
    readonly mmsi: number;
    readonly navStatus: number;
    readonly heading: number;
    readonly sog: number;
    readonly cog: number;
    readonly latitude: number;
    readonly longitude: number;
    readonly utcTsSec: number;
    readonly imo: number;
    readonly callSign: string;
    readonly name: string;
    readonly shipType: number;
    readonly dimToBow: number;
    readonly dimToStern: number;
    readonly dimToPort: number;
    readonly dimToStbrd: number;
    readonly etaMonth: number;
    readonly etaDay: number;
    readonly etaHour: number;
    readonly etaMinute: number;
    readonly draught: number;
    readonly destination: string;
    readonly partNo: number;
  }

  class AisParser {
    constructor(options?: { checksum?: boolean });
    static checksumValid(sentence: string): boolean;
    parse(sentence: string, options?: { checksum?: boolean }): AisMessage;
    /** A sentence split at its commas (7 fields); no checksum is checked. */
    parseArray(fields: string[]): AisMessage;
  }

  export default AisParser;
}
