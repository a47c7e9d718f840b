// Catalogs precompiled at build time (scripts/vite-intl.ts): message id → ICU syntax tree.
declare module '*.json?ast' {
  import type { MessageFormatElement } from 'react-intl';

  const messages: Record<string, MessageFormatElement[]>;
  export default messages;
}
