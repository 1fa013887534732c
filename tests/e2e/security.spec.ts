import { createUser, expect, test, uniqueId } from "./fixtures";

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

// The server trusts X-Forwarded-For from this host (a reverse proxy): each test signs in from
// addresses of its own, as clients behind a proxy do.
function from(address: string) {
  return { "X-Forwarded-For": address };
}

function randomNet() {
  return `198.${18 + Math.floor(Math.random() * 2)}.${Math.floor(Math.random() * 250)}`;
}

test("five wrong passwords lock the account whatever addresses they come from, with 429 and Retry-After", async ({
  request,
}) => {
  const user = await createUser(request, "salesperson");
  const net = randomNet();
  for (let i = 1; i <= 5; i++) {
    const wrong = await request.post("/api/auth/login", {
      data: { email: user.email, password: "wrong-one" },
      headers: from(`${net}.${i}`),
    });
    expect(wrong.status()).toBe(401);
  }
  const locked = await request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
    headers: from(`${net}.200`),
  });
  expect(locked.status()).toBe(429);
  expect((await locked.json()).message).toBe("Too many failed sign-ins. Try again in a few minutes.");
  const retryAfter = Number(locked.headers()["retry-after"]);
  expect(retryAfter).toBeGreaterThan(800);
  expect(retryAfter).toBeLessThanOrEqual(900);
});

test("twenty failures from one address, on any accounts, lock that address only (a password spray)", async ({
  request,
}) => {
  const user = await createUser(request, "salesperson");
  const address = `${randomNet()}.7`;
  for (let i = 0; i < 20; i++) {
    const wrong = await request.post("/api/auth/login", {
      data: { email: `nobody-${i}-${uniqueId()}@e2e.test`, password: "Summer2026!" },
      headers: from(address),
    });
    expect(wrong.status()).toBe(401);
  }
  const sprayer = await request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
    headers: from(address),
  });
  expect(sprayer.status()).toBe(429);
  expect(Number(sprayer.headers()["retry-after"])).toBeGreaterThan(0);
  const elsewhere = await request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
    headers: from(`${randomNet()}.8`),
  });
  expect(elsewhere.status()).toBe(200);
});

test("a successful sign-in does not reset another address's failures on the account", async ({ request }) => {
  const user = await createUser(request, "salesperson");
  const net = randomNet();
  for (let i = 0; i < 4; i++) {
    await request.post("/api/auth/login", {
      data: { email: user.email, password: "wrong-one" },
      headers: from(`${net}.66`),
    });
  }
  const owner = { data: { email: user.email, password: user.password }, headers: from(`${net}.1`) };
  expect((await request.post("/api/auth/login", owner)).status()).toBe(200);
  await request.post("/api/auth/login", {
    data: { email: user.email, password: "wrong-again" },
    headers: from(`${net}.66`),
  });
  expect((await request.post("/api/auth/login", owner)).status()).toBe(429);
});

test("the sign-in page answers 429 with Retry-After too, and says why", async ({ page, request }) => {
  const user = await createUser(request, "salesperson");
  const address = `${randomNet()}.9`;
  await page.setExtraHTTPHeaders(from(address));
  for (let i = 0; i < 5; i++) {
    await request.post("/api/auth/login", {
      data: { email: user.email, password: "wrong-one" },
      headers: from(address),
    });
  }
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/login"));
  await page.getByRole("button", { name: "Sign In" }).click();
  const response = await answer;
  expect(response.status()).toBe(429);
  expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
  await expect(page.getByTestId("toast")).toContainText("Too many failed sign-ins");
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
