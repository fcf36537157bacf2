/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Idle sign-out timeout in milliseconds (default 20 minutes). */
  readonly VITE_IDLE_TIMEOUT_MS?: string;
}
