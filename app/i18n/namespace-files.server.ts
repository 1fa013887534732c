/**
 * Where the build put each language's namespace files (content-hashed, under /assets): the root
 * loader hands the page's language's to the browser (app/i18n/client.ts), so that the browser's
 * script needs no list of them.
 */
const FILES = import.meta.glob<string>("./locales/*/*.json", {
  query: "?url",
  import: "default",
  eager: true,
});

const byLanguage = new Map<string, Record<string, string>>();

/**
 * A file's address as the page carries it: the build's hash alone when the address is the usual
 * `/assets/<namespace>-<hash>.json` (namespaceUrl in client.ts writes it out again), else whole.
 * Thirty namespaces' whole addresses were 0.7 KB of every page's data.
 */
function shortName(namespace: string, url: string): string {
  const prefix = `/assets/${namespace}-`;
  return url.startsWith(prefix) && url.endsWith(".json") ? url.slice(prefix.length, -".json".length) : url;
}

/** One language's namespace files: namespace to address (see shortName). */
export function namespaceFiles(language: string): Record<string, string> {
  let found = byLanguage.get(language);
  if (!found) {
    found = {};
    for (const [path, url] of Object.entries(FILES)) {
      const match = path.match(/^\.\/locales\/([\w-]+)\/([\w-]+)\.json$/);
      if (match && match[1] === language) found[match[2]] = shortName(match[2], url);
    }
    byLanguage.set(language, found);
  }
  return found;
}
