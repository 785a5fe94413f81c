// A vessel's state at a glance, as the port, service and My Vessel pages show it: "Under way · 18.6 kn".
import { formatNumber } from '../../core/format/format-number.ts';

const NAV: Readonly<Record<string, string>> = {
  UNDER_WAY: 'Under way',
  AT_ANCHOR: 'At anchor',
  MOORED: 'Moored',
};

/** The navigational status in words (an unknown code as it is); "" when there is none. */
export function navStatusText(navSts: string | null | undefined): string {
  if (!navSts) return '';
  return NAV[navSts] ?? navSts;
}

/** "Under way · 18.6 kn" (speed only when moving); "" when nothing is known. */
export function motionText(m: { navSts: string | null; sog: number | null } | null | undefined): string {
  if (!m) return '';
  const status = navStatusText(m.navSts);
  const moving = m.sog !== null && m.sog >= 0.5 && m.navSts !== 'MOORED';
  const speed = moving ? `${formatNumber(m.sog, 1)} kn` : '';
  return [status, speed].filter(Boolean).join(' · ');
}
