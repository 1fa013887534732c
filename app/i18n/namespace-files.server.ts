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

/** One language's namespace files: namespace to address. */
export function namespaceFiles(language: string): Record<string, string> {
  let found = byLanguage.get(language);
  if (!found) {
    found = {};
    for (const [path, url] of Object.entries(FILES)) {
      const match = path.match(/^\.\/locales\/([\w-]+)\/([\w-]+)\.json$/);
      if (match && match[1] === language) found[match[2]] = url;
    }
    byLanguage.set(language, found);
  }
  return found;
}
