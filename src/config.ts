// The window's configuration for the environment it was built for (DESIGN.md §7).
export type AppEnv = 'local' | 'development' | 'production';

const env = import.meta.env.VITE_APP_ENV;
export const APP_ENV: AppEnv = env === 'production' || env === 'development' ? env : 'local';
export const SHOW_TEST_BADGE = APP_ENV !== 'production';

/** The external sign-on page (SPEC §7/§8). */
export const SIGN_ON_PATH = '/sso/login';
