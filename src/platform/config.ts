// The window's configuration for the environment it was built for (configuration.md#build-time-settings), from VITE_* build settings.
import { DEFAULT_CHAT_LANES } from '../core/chat-lanes.ts';

export type AppEnv = 'local' | 'development' | 'production';

const env = import.meta.env.VITE_APP_ENV;
export const APP_ENV: AppEnv = env === 'production' || env === 'development' ? env : 'local';
export const SHOW_TEST_BADGE = APP_ENV !== 'production';

/** The external sign-on page (product.md#the-calls, product.md#errors). */
export const SIGN_ON_PATH = '/sso/login';

/** Services whose vessels may chat, comma separated; '*' means all (product.md#what-happens-when, product.md#constants). */
export const CHAT_LANES: string = import.meta.env.VITE_CHAT_LANES || DEFAULT_CHAT_LANES;

/** Where analytics events go (product.md#the-calls): unset means off; the reference server collects at its analytics path. */
export const ANALYTICS_SINK: string | null = import.meta.env.VITE_ANALYTICS_SINK || null;
