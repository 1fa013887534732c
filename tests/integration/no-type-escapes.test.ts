import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * Issue #28: app code states its types, it does not silence them. `as never` turned every
 * mistake in what it wrapped into no error at all (issue #28 counted 36 of them once);
 * a test file may still build a deliberately partial value with it.
 */
function appFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return appFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

test("no `as never` in app code outside tests", () => {
  const found = appFiles("app").flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, index) => (/\bas never\b/.test(line) ? [`${file}:${index + 1}`] : [])),
  );
  expect(found).toEqual([]);
});
