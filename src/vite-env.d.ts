// Build-time settings the window reads from import.meta.env (set when running `vite build`).
interface ImportMetaEnv {
  /** local (default), development or production: the TEST badge shows outside production (configuration.md#build-time-settings). */
  readonly VITE_APP_ENV?: string;
  /** Chat-enabled services, comma separated, '*' for all (default: the demo world's list). */
  readonly VITE_CHAT_LANES?: string;
  /** Analytics sink path or URL; unset means analytics is off. */
  readonly VITE_ANALYTICS_SINK?: string;
  /** STOMP heart-beat the worker asks of the live connection, both ways, in ms (default 60000; 0: none). */
  readonly VITE_STOMP_HEARTBEAT_MS?: string;
}

/** The sync worker's script address (vite.config.ts, syncWorkerChunk). */
declare module 'virtual:sync-worker-url' {
  const url: string;
  export default url;
}
