import { afterEach, beforeEach, expect, vi } from "vitest";

// A test that logs console.error fails: errors must be asserted, not printed.
let spy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  spy = vi.spyOn(console, "error");
});
afterEach(() => {
  expect(spy, "console.error was called").not.toHaveBeenCalled();
  spy.mockRestore();
});
