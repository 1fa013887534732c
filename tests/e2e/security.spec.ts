import { createUser, expect, test } from "./fixtures";

test("a write from another site's page is refused with 403; the same site passes", async ({
  request,
  baseURL,
}) => {
  const user = await createUser(request, "salesperson");
  const foreign = await request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
    headers: { Origin: "https://evil.example" },
  });
  expect(foreign.status()).toBe(403);
  expect(await foreign.json()).toEqual({ message: "Cross-site request refused" });
  const same = await request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
    headers: { Origin: baseURL as string },
  });
  expect(same.status()).toBe(200);
});

test("ten wrong passwords in a row lock that email out for a while, with 429", async ({ request }) => {
  const user = await createUser(request, "salesperson");
  for (let i = 0; i < 10; i++) {
    expect(
      (
        await request.post("/api/auth/login", { data: { email: user.email, password: "wrong-one" } })
      ).status(),
    ).toBe(401);
  }
  const locked = await request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
  });
  expect(locked.status()).toBe(429);
  expect((await locked.json()).message).toBe("Too many failed sign-ins. Try again in 15 minutes.");
});

test("the session cookie is HttpOnly and SameSite=Lax; no answer carries a password hash", async ({
  request,
}) => {
  const user = await createUser(request, "admin");
  const login = await request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
  });
  const cookie = login
    .headersArray()
    .find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("__session="));
  expect(cookie?.value).toMatch(/HttpOnly/i);
  expect(cookie?.value).toMatch(/SameSite=Lax/i);
  const users = await (await request.get("/api/users")).text();
  expect(users).not.toMatch(/password|\$2[aby]\$/);
});
