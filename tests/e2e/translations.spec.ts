import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

/**
 * Issue #27 item 1: a page carries no translations inline; it loads the namespace files its
 * render used (its routes' and the shell's), each a content-hashed file the browser keeps; a
 * screen reached by navigation loads its own before it shows.
 */

const LOCALES = path.resolve("app/i18n/locales/en");

function leaves(node: unknown): string[] {
  if (typeof node === "string") return [node];
  return typeof node === "object" && node ? Object.values(node).flatMap(leaves) : [];
}

/** Per namespace, its English texts of some length (the shorter ones recur across screens). */
const TEXTS = Object.fromEntries(
  readdirSync(LOCALES).map((file) => [
    file.replace(/\.json$/, ""),
    leaves(JSON.parse(readFileSync(path.join(LOCALES, file), "utf8"))).filter((text) => text.length >= 24),
  ]),
);

test.use({ role: "manager" });

test("a page holds no other screen's texts and loads only its own namespace files, kept by the browser", async ({
  signedIn: { page },
}) => {
  const files: { namespace: string; cacheControl: string }[] = [];
  page.on("response", (response) => {
    const file = new URL(response.url()).pathname.match(/^\/assets\/([a-z-]+)-[\w-]+\.json$/);
    if (file) files.push({ namespace: file[1], cacheControl: response.headers()["cache-control"] ?? "" });
  });
  const answer = await page.goto("/products");
  const html = (await answer?.text()) ?? "";
  // The page names each namespace it rendered with its file.
  const named: Record<string, string> = JSON.parse(
    (await page.locator("#i18n-namespaces").textContent()) ?? "{}",
  );
  const listed = Object.keys(named);
  for (const [ns, file] of Object.entries(named))
    expect(file).toMatch(new RegExp(`^/assets/${ns}-[\\w-]+\\.json$`));
  expect(listed).toEqual(expect.arrayContaining(["common", "products"]));
  // What the page may hold: its namespaces' texts. Every other namespace's are absent.
  const ownTexts = new Set(listed.flatMap((ns) => TEXTS[ns] ?? []));
  const foreign = Object.entries(TEXTS)
    .filter(([ns]) => !listed.includes(ns))
    .flatMap(([ns, texts]) => texts.filter((text) => !ownTexts.has(text)).map((text) => ({ ns, text })));
  expect(foreign.length).toBeGreaterThan(100);
  expect(foreign.filter(({ text }) => html.includes(JSON.stringify(text).slice(1, -1)))).toEqual([]);
  // The page's texts came as its namespace files, each once, each cached for good.
  await expect.poll(() => files.map((f) => f.namespace).sort()).toEqual([...listed].sort());
  for (const file of files) expect(file.cacheControl).toContain("immutable");

  // A screen reached by navigation loads its own namespace and shows its texts, not their keys.
  files.length = 0;
  await page.getByRole("link", { name: "Purchasing", exact: true }).click();
  await expect(page).toHaveURL(/\/purchasing$/);
  await expect(page.locator("main h1")).toHaveText("Purchasing");
  expect(files.map((f) => f.namespace)).toContain("purchasing");
});
