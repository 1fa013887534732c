import { expect, test } from "./fixtures";

const valid = {
  email: "someone@e2e.test",
  password: "secret123",
  firstName: "Some",
  lastName: "One",
  role: "salesperson",
};

const BAD_REGISTRATIONS: [string, unknown][] = [
  ["missing fields", {}],
  ["a bad email", { ...valid, email: "nope" }],
  ["a short password", { ...valid, password: "123" }],
  ["an unknown role", { ...valid, role: "owner" }],
  ["a number as email", { ...valid, email: 42 }],
  ["a JSON array", [valid]],
];

for (const [label, body] of BAD_REGISTRATIONS) {
  test(`registration with ${label} answers 400 with a message`, async ({ request }) => {
    const response = await request.post("/api/auth/register", { data: body });
    expect(response.status()).toBe(400);
    expect(typeof (await response.json()).message).toBe("string");
  });
}

for (const path of ["/api/auth/register", "/api/auth/login"]) {
  test(`${path}: malformed JSON, an empty body and 1 MB answer 400, 400 and 413`, async ({ request }) => {
    const malformed = await request.post(path, {
      data: Buffer.from('{"email":'),
      headers: { "Content-Type": "application/json" },
    });
    expect(malformed.status()).toBe(400);
    expect(await malformed.json()).toEqual({ message: "Malformed JSON body" });

    const empty = await request.post(path, { headers: { "Content-Type": "application/json" } });
    expect(empty.status()).toBe(400);
    expect(typeof (await empty.json()).message).toBe("string");

    const big = await request.post(path, { data: { ...valid, firstName: "x".repeat(1_100_000) } });
    expect(big.status()).toBe(413);
    expect(typeof (await big.json()).message).toBe("string");
  });
}

test("sign-in with a bad email or no password answers 400 with a message", async ({ request }) => {
  for (const body of [{ email: "nope", password: "secret123" }, { email: "a@b.test" }]) {
    const response = await request.post("/api/auth/login", { data: body });
    expect(response.status()).toBe(400);
    expect(typeof (await response.json()).message).toBe("string");
  }
});

test("an existing email answers 409 and the account is not created twice", async ({ request }) => {
  const email = `dup-${Date.now()}@e2e.test`;
  expect((await request.post("/api/auth/register", { data: { ...valid, email } })).status()).toBe(201);
  const again = await request.post("/api/auth/register", { data: { ...valid, email: email.toUpperCase() } });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe("An account with this email already exists");
});
