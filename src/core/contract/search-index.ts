// API contract for GET /common/search-index: every vessel, service and port the caller may search, as compact rows,
// so the worker can answer the smart search of product.md#screens-and-routes with no link (types 5 and 6 search vessels only), and the port
// pages can offer a picker of every port.
import { Type, type Static } from 'typebox';

const Code = Type.String({ minLength: 1 });
const Name = Type.String();
const CrrCd = Type.String();
const Ids = Type.String({
  description: "the vessel's IMO number, MMSI and call sign, those known, space-separated",
});

export const SearchIndex = Type.Object({
  usrId: Type.String({
    description: 'whose index this is: the caller (what it holds depends on the user type)',
  }),
  vessels: Type.Array(Type.Union([Type.Tuple([Code, Name, CrrCd]), Type.Tuple([Code, Name, CrrCd, Ids])]), {
    description: '[vslCd, vslNm, crrCd, ids?]: ids when the vessel has an IMO number, MMSI or call sign',
  }),
  services: Type.Array(Type.Tuple([Code, Name, CrrCd]), {
    description: '[laneCd, laneNm, crrCd]; empty for user types 5 and 6',
  }),
  ports: Type.Array(Type.Tuple([Code, Name]), {
    description:
      '[portCd, portNm]: every port, for the port picker; user types 5 and 6 do not search them (vessels only)',
  }),
  carriers: Type.Record(Type.String(), Type.Tuple([Type.String(), Type.String()]), {
    description: 'crrCd -> [crrBgColrVal, crrFgColrVal]',
  }),
  ownVslCd: Type.Union([Type.String(), Type.Null()], {
    description: "a vessel user's own vessel (a search gives it as VSL_V), else null",
  }),
});
export type SearchIndex = Static<typeof SearchIndex>;
