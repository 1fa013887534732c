import { createContext, useContext } from "react";

/**
 * This request's Content-Security-Policy nonce (entry.server), for the page's inline scripts. In
 * the browser there is none: the scripts React renders there are already in the page.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
