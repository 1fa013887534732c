import { afterEach, describe, expect, test, vi } from "vitest";
import { deferScripts, startScripts, startScriptsSource } from "./after-first-paint";

// The shape of what Remix's <Scripts /> writes (see a built page's HTML).
const page = `<html><body><main>Hello</main><script nonce="abc">window.__remixContext = {};</script><link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="modulepreload" href="/assets/root-2.js"/><script nonce="abc" type="module" async="">import * as route0 from "/assets/root-2.js";</script><script nonce="abc">window.__remixContext.streamController.close();</script></body></html>`;

describe("the application's scripts wait for the first paint", () => {
  test("the server renames Remix's boot script and moves its module links into it, and nothing else", () => {
    const deferred = deferScripts(page);
    expect(deferred).not.toContain('rel="modulepreload"');
    expect(deferred).not.toContain('type="module"');
    expect(deferred).toContain(
      '<link/><link/><script nonce="abc" type="text/x-deferred-module" data-preload-from="/assets/" data-preload="entry.client-1.js root-2.js" async="">import * as route0 from "/assets/root-2.js";</script>',
    );
    // The data scripts run as they are parsed, as before.
    expect(deferred).toContain('<script nonce="abc">window.__remixContext = {};</script>');
  });

  test("Remix's manifest and the inline scripts lose their indentation, not their meaning", () => {
    const manifest = { entry: { module: "/assets/entry.client-1.js", imports: [] }, url: "/assets/m.js" };
    const source = `;\nimport * as route0 from "/assets/root-2.js";\nwindow.__remixManifest = ${JSON.stringify(manifest, null, 2)};\nwindow.__remixRouteModules = {"root":route0};\n\nimport("/assets/entry.client-1.js");`;
    const deferred = deferScripts(
      `<body><script nonce="a" type="module" async="">${source}</script><script nonce="a">(() => {\n    let a = 1;\n    if (a) {\n      a = 2;\n    }\n  })()</script></body>`,
    );
    expect(deferred).toContain(`window.__remixManifest = ${JSON.stringify(manifest)};\n`);
    expect(deferred).toContain('<script nonce="a">(() => {\nlet a = 1;\nif (a) {\na = 2;\n}\n})()</script>');
  });

  test("a page without scripts is left as it is", () => {
    const plain = "<html><body><form method=post></form></body></html>";
    expect(deferScripts(plain)).toBe(plain);
  });

  test("the inline starter names what the server renamed and stands alone", () => {
    const source = startScriptsSource();
    expect(source).toContain('"x-modulepreload"');
    expect(source).toContain('"text/x-deferred-module"');
    // It is written into the page as text: it must parse as a script of its own.
    expect(() => new Function(source)).not.toThrow();
  });
});

describe("the starter in the browser", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** A page being parsed: its boot script is there once `parsed` is set. */
  function parsingPage() {
    const state = {
      parsed: false,
      appended: [] as Record<string, unknown>[],
      preloaded: [] as Record<string, unknown>[],
      frames: [] as (() => void)[],
    };
    const listeners: (() => void)[] = [];
    const boot = {
      nonce: "abc",
      textContent: 'import "/assets/root-2.js";',
      dataset: { preloadFrom: "/assets/", preload: "entry.client-1.js root-2.js" },
    };
    vi.useFakeTimers();
    vi.stubGlobal("requestAnimationFrame", (frame: () => void) => state.frames.push(frame));
    vi.stubGlobal("document", {
      get readyState() {
        return state.parsed ? "interactive" : "loading";
      },
      querySelectorAll: () => [],
      querySelector: () => (state.parsed ? boot : null),
      addEventListener: (name: string, listener: () => void) => {
        if (name === "DOMContentLoaded") listeners.push(listener);
      },
      createElement: () => ({}),
      head: { appendChild: (element: Record<string, unknown>) => state.preloaded.push(element) },
      body: { appendChild: (element: Record<string, unknown>) => state.appended.push(element) },
    });
    const finishParsing = () => {
      state.parsed = true;
      for (const listener of listeners) listener();
    };
    return { state, finishParsing };
  }

  test("a frame painted before the boot script is parsed: the scripts start once the page is parsed", () => {
    const { state, finishParsing } = parsingPage();
    startScripts("x-modulepreload", "text/x-deferred-module");
    for (const frame of state.frames) frame();
    vi.advanceTimersByTime(600);
    expect(state.appended).toEqual([]);
    finishParsing();
    expect(state.preloaded).toEqual([
      { rel: "modulepreload", href: "/assets/entry.client-1.js" },
      { rel: "modulepreload", href: "/assets/root-2.js" },
    ]);
    expect(state.appended).toEqual([
      { type: "module", nonce: "abc", textContent: 'import "/assets/root-2.js";' },
    ]);
  });

  test("a page parsed before its first frame starts after that frame, once", () => {
    const { state, finishParsing } = parsingPage();
    finishParsing();
    startScripts("x-modulepreload", "text/x-deferred-module");
    for (const frame of state.frames) frame();
    vi.advanceTimersByTime(600);
    expect(state.appended).toHaveLength(1);
  });
});
