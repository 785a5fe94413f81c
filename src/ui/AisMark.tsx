// "detected from AIS" beside an actual time that Quay saw in the vessel's positions rather than one a source gave
// (product.md#the-app-as-a-user-meets-it): words, so it reads aloud and needs no colour.
export function AisMark() {
  return (
    <span className="ais-mark" title="Seen in the vessel's AIS positions: no schedule source gave this time">
      detected from AIS
    </span>
  );
}
