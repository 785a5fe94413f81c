// Build-time settings the window reads from import.meta.env (set when running `vite build`).
interface ImportMetaEnv {
  /** local (default), development or production: the TEST badge shows outside production (DESIGN.md §7). */
  readonly VITE_APP_ENV?: string;
}
