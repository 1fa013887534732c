import { describe, expect, test } from "vitest";
import { deferScripts, startScriptsSource } from "./after-first-paint";

// The shape of what Remix's <Scripts /> writes (see a built page's HTML).
const page = `<html><body><main>Hello</main><script nonce="abc">window.__remixContext = {};</script><link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="modulepreload" href="/assets/root-2.js"/><script nonce="abc" type="module" async="">import * as route0 from "/assets/root-2.js";</script><script nonce="abc">window.__remixContext.streamController.close();</script></body></html>`;

describe("the application's scripts wait for the first paint", () => {
  test("the server renames Remix's module links and its boot script, and nothing else", () => {
    const deferred = deferScripts(page);
    expect(deferred).not.toContain('rel="modulepreload"');
    expect(deferred.match(/rel="x-modulepreload"/g)).toHaveLength(2);
    expect(deferred).not.toContain('type="module"');
    expect(deferred).toContain(
      '<script nonce="abc" type="text/x-deferred-module" async="">import * as route0 from "/assets/root-2.js";</script>',
    );
    // The data scripts run as they are parsed, as before.
    expect(deferred).toContain('<script nonce="abc">window.__remixContext = {};</script>');
    expect(
      deferred.replace(/x-modulepreload/g, "modulepreload").replace("text/x-deferred-module", "module"),
    ).toBe(page);
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
