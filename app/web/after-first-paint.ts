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

/** The server's HTML with Remix's module links and boot script renamed, so they wait. */
export function deferScripts(html: string): string {
  return html
    .replaceAll('<link rel="modulepreload"', `<link rel="${DEFERRED_LINK}"`)
    .replace(/(<script\b[^>]*?) type="module"/, `$1 type="${DEFERRED_TYPE}"`);
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
  return `(${startScripts})(${JSON.stringify(DEFERRED_LINK)}, ${JSON.stringify(DEFERRED_TYPE)})`;
}
