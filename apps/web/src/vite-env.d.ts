/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** International number (digits only) behind the floating WhatsApp button (SPEC 1). */
  readonly VITE_SUPPORT_WHATSAPP?: string;
}
