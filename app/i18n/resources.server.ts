import type { Bundle } from "./bundles/bundle";
import en from "./bundles/en";
import fi from "./bundles/fi";
import type { Language } from "./config";

/** Every language's translations, for the server's renders, page titles and API messages. */
export const resources: Record<Language, Bundle> = { en, fi };

export const NAMESPACES = Object.keys(en);
