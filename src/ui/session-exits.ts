// The signed-on app's ways out of its session (sign out, sign on as someone else), provided by the app to whatever
// page offers them: the error view's refusal, My devices' own row. A module of its own, so that a lazy page taking
// the exits does not pull the error view into the first page's shared chunk.
import { createContext } from 'react';

/** What a refusal offers: both end this device's session; switching opens the sign-on form at once. */
export interface SessionExits {
  signOut: () => Promise<string | undefined>;
  switchUser: () => Promise<string | undefined>;
}

/** The signed-on app provides its exits, so that a refusal anywhere inside offers them. */
export const SessionExitsContext = createContext<SessionExits | undefined>(undefined);
