import { createContext, useContext } from "react";

/** The per-response CSP nonce; only the server knows it (browsers hide it after load). */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
