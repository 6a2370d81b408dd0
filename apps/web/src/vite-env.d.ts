/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where 'Buy Platinum' leads after registering (the token-sale page). */
  readonly VITE_TOKEN_SALE_URL?: string;
  readonly VITE_LINK_X?: string;
  readonly VITE_LINK_TELEGRAM?: string;
  readonly VITE_LINK_DISCORD?: string;
  readonly VITE_LINK_DOCS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
