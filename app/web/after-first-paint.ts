/**
 * The application's scripts start after the browser has painted the server's HTML. Remix writes
 * `<link rel="modulepreload">` for every module and one inline module script that imports them;
 * the browser would fetch and run all of that (about 120 KB gzip) before its first paint, which on
 * a handheld's slow network kept the page blank for a second or more. The server renames both
 * (`deferScripts`, in entry.server): the links fetch nothing and the module script does not run.
 * `startScripts`, inlined by root before them, puts them back once a frame has been painted (or
 * after 500 ms, in a tab that paints nothing), and never before the page is parsed to its end. Forms
 * work before that (plain HTML), as without JavaScript.
 *
 * React hydrates the renamed elements as they are (a differing attribute is not a mismatch it
 * repairs in production); the Vite development server is left alone.
 */

const DEFERRED_LINK = "x-modulepreload";
const DEFERRED_TYPE = "text/x-deferred-module";

/**
 * The server's HTML with Remix's module links and boot script renamed, so they wait, and written
 * shorter (issue #27, the products page's weight): the links' addresses go into one attribute of
 * the boot script (`data-preload`), each link left an empty `<link/>` for React to hydrate (it
 * compares elements, not their attributes, and drops them once hydrated); the manifest in the boot
 * script loses its indentation, and the inline scripts theirs.
 */
export function deferScripts(html: string): string {
  const preloads: string[] = [];
  const page = html
    .replace(/<link rel="modulepreload" href="([^"<>]+)"\/>/g, (_link, href: string) => {
      preloads.push(href);
      return "<link/>";
    })
    .replaceAll('<link rel="modulepreload"', `<link rel="${DEFERRED_LINK}"`)
    .replace(/(<script\b[^>]*?) type="module"/, `$1 type="${DEFERRED_TYPE}"${preloadAttributes(preloads)}`);
  return page.replace(/(<script\b[^>]*>)([^<]*)<\/script>/g, (script, open: string, source: string) => {
    if (open.includes('type="application/json"')) return script;
    return `${open}${compactManifest(source).replace(/\n\s+/g, "\n")}</script>`;
  });
}

/** The links' addresses, their shared folder once: ` data-preload-from="/assets/" data-preload="a.js b.js"`. */
function preloadAttributes(hrefs: string[]): string {
  if (!hrefs.length) return "";
  const folder = hrefs[0].slice(0, hrefs[0].lastIndexOf("/") + 1);
  if (
    !folder ||
    !hrefs.every((href) => href.startsWith(folder) && !href.slice(folder.length).includes(" "))
  ) {
    return ` data-preload="${hrefs.join(" ")}"`;
  }
  return ` data-preload-from="${folder}" data-preload="${hrefs.map((href) => href.slice(folder.length)).join(" ")}"`;
}

/** Remix's manifest (`window.__remixManifest = {...};`, indented JSON) as one line of JSON. */
function compactManifest(source: string): string {
  return source.replace(
    /(window\.__remixManifest = )(\{[\s\S]*?\});\n/,
    (whole, assign: string, json: string) => {
      try {
        return `${assign}${JSON.stringify(JSON.parse(json))};\n`;
      } catch {
        return whole;
      }
    },
  );
}

/**
 * Runs in the browser as it parses the page (root inlines it as a string, so it must stand alone):
 * after the first paint, fetches the modules and runs the boot script as a module.
 */
export function startScripts(link: string, type: string) {
  let started = false;
  const start = () => {
    if (started) return;
    // A frame can be painted before the parser has reached the boot script at the end of the page
    // (a long page arriving slowly): then it starts once the whole page is parsed, not never.
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", start);
      return;
    }
    started = true;
    for (const element of document.querySelectorAll(`link[rel="${link}"]`)) {
      (element as HTMLLinkElement).rel = "modulepreload";
    }
    const waiting = document.querySelector(`script[type="${type}"]`) as HTMLScriptElement | null;
    if (!waiting) return;
    for (const href of waiting.dataset.preload?.split(" ") ?? []) {
      const preload = document.createElement("link");
      preload.rel = "modulepreload";
      preload.href = (waiting.dataset.preloadFrom ?? "") + href;
      document.head.appendChild(preload);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = waiting.nonce;
    script.textContent = waiting.textContent;
    document.body.appendChild(script);
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 500);
}

/** The inline script root writes before Remix's scripts (on the server only: none of this ships). */
export function startScriptsSource(): string {
  // On one line: the build writes each statement with its semicolon, so its line breaks and
  // indentation are only bytes in every page.
  const source = String(startScripts).replace(/\n\s*/g, "");
  return `(${source})(${JSON.stringify(DEFERRED_LINK)}, ${JSON.stringify(DEFERRED_TYPE)})`;
}
