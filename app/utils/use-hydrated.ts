import { useEffect, useState } from "react";

/** False in the server HTML and until React has hydrated: parts that only work with JavaScript wait for it. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
