// The text of an unread badge (product.md#constants: capped at 99+): nothing for none.
const BADGE_CAP = 99;

export function badgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}
