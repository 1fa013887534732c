/**
 * The little a page without hydration (`handle: { hydrate: false }`) does in the browser, as one
 * inline script at the end of its body; root writes it as `(${withoutReact})(languages)`. It is
 * a script element, not event-handler attributes, so a Content-Security-Policy nonce or hash can
 * allow it. It does what entry.client and the Toaster do on hydrated pages:
 *
 * - a browser that remembers a language (localStorage) but lost the `lng` cookie gets it back
 *   (once per tab), and otherwise remembers the page's language;
 * - a toast closes after five seconds, on its button or on Escape; F8 focuses it.
 *
 * It must stay self-contained: only its text is sent, not what it imports (nor helpers a compiler
 * might add: no optional chaining or other syntax newer than the server build's target).
 */
export function withoutReact(languages: readonly string[]) {
  const lang = document.documentElement.lang;
  try {
    const stored = localStorage.getItem("language");
    const hasCookie = /(^|;\s*)lng=/.test(document.cookie);
    if (
      !hasCookie &&
      stored &&
      stored !== lang &&
      languages.includes(stored) &&
      !sessionStorage.getItem("languageRestored")
    ) {
      sessionStorage.setItem("languageRestored", "1");
      const form = new FormData();
      form.set("language", stored);
      form.set("redirectTo", "/");
      fetch("/language", { method: "POST", body: form, redirect: "manual" }).then(
        () => window.location.reload(),
        () => {},
      );
      return;
    }
    localStorage.setItem("language", lang);
  } catch {
    // Storage may be blocked; the page works without it.
  }

  for (const region of document.querySelectorAll<HTMLElement>("[data-toast-region]")) {
    const close = () => {
      region.remove();
      window.removeEventListener("keydown", onKey);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
      if (event.key === "F8") region.focus();
    };
    window.addEventListener("keydown", onKey);
    const button = region.querySelector("button");
    if (button) button.addEventListener("click", close);
    setTimeout(close, 5000);
  }
}
