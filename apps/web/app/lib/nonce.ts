import { createContext, useContext } from 'react';

/**
 * The page's script nonce, for the few inline scripts the layout writes. Only the server knows it (entry.server.tsx
 * provides it); in the browser it is '', which is also what the browser shows of a nonce attribute once it has
 * checked it, so hydration sees no difference.
 */
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
