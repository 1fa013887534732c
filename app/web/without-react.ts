/**
 * The little a page without hydration (`handle: { hydrate: false }`) does in the browser, as one
 * inline script at the end of its body; root writes it as `(${withoutReact})(languages)`. It is
 * a script element, not event-handler attributes, so a Content-Security-Policy nonce or hash can
 * allow it. It does what entry.client and the Toaster do on hydrated pages:
 *
 * - a browser that remembers a language (localStorage) but lost the `lng` cookie gets it back
 *   (once per tab), and otherwise remembers the page's language;
 * - a toast closes after five seconds, on its button or on Escape; F8 focuses it;
 * - a form's submit button that names its pending words (`data-pending-label`) shows them and is
 *   disabled while the form is sent, and a second submit of that form sends nothing (the spec's
 *   "Signing in..."); coming back to the page (the back button) makes it usable again.
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

  const pendingButtons = document.querySelectorAll<HTMLButtonElement>("button[data-pending-label]");
  for (const button of pendingButtons) {
    const form = button.form;
    if (!form) continue;
    const idle = button.textContent;
    form.addEventListener("submit", (event) => {
      if (form.dataset.pending) {
        event.preventDefault();
        return;
      }
      form.dataset.pending = "1";
      // Disabled after the browser has read the form: a disabled submitter is left out of it.
      setTimeout(() => {
        button.disabled = true;
        button.textContent = button.dataset.pendingLabel ?? idle;
      }, 0);
    });
    window.addEventListener("pageshow", (event) => {
      if (!event.persisted) return;
      delete form.dataset.pending;
      button.disabled = false;
      button.textContent = idle;
    });
  }
}
