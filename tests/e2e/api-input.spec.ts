import { expect, test } from "./fixtures";

// Bad input to the auth API answers 400 (or 413 for an oversize body) with a JSON message, never 500.

const valid = {
  email: "someone@e2e.test",
  password: "secret123",
  firstName: "Some",
  lastName: "One",
  role: "salesperson",
};

async function expectJsonError(response: import("@playwright/test").APIResponse, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()["content-type"]).toContain("application/json");
  const body = await response.json();
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

const BAD_REGISTRATIONS: [string, unknown][] = [
  ["missing fields", {}],
  ["no first name", { ...valid, firstName: undefined }],
  ["a blank last name", { ...valid, lastName: "   " }],
  ["a bad email", { ...valid, email: "nope" }],
  ["a short password", { ...valid, password: "123" }],
  ["an unknown role", { ...valid, role: "owner" }],
  ["a number as email", { ...valid, email: 42 }],
  ["a JSON array", [valid]],
  ["a JSON string", "hello"],
  ["JSON null", null],
];

for (const [label, body] of BAD_REGISTRATIONS) {
  test(`registration with ${label} answers 400 with a message`, async ({ request }) => {
    const response = await request.post("/api/auth/register", {
      data: JSON.stringify(body),
      headers: { "Content-Type": "application/json" },
    });
    await expectJsonError(response, 400);
  });
}

test("registration errors name the fields", async ({ request }) => {
  const body = await expectJsonError(
    await request.post("/api/auth/register", { data: { ...valid, email: "nope", password: "1" } }),
    400,
  );
  expect(body.errors.email).toEqual(["Invalid email address"]);
  expect(body.errors.password).toEqual(["Password must be at least 6 characters"]);
});

const BAD_LOGINS: [string, unknown][] = [
  ["missing fields", {}],
  ["no password", { email: "a@b.test" }],
  ["a bad email", { email: "nope", password: "secret123" }],
  ["a short password", { email: "a@b.test", password: "123" }],
  ["a JSON array", [{ email: "a@b.test", password: "secret123" }]],
];

for (const [label, body] of BAD_LOGINS) {
  test(`sign-in with ${label} answers 400 with a message`, async ({ request }) => {
    const response = await request.post("/api/auth/login", {
      data: JSON.stringify(body),
      headers: { "Content-Type": "application/json" },
    });
    await expectJsonError(response, 400);
  });
}

for (const path of ["/api/auth/register", "/api/auth/login"]) {
  test(`${path}: malformed JSON, an empty body and 1 MB answer 400, 400 and 413`, async ({ request }) => {
    const malformed = await request.post(path, {
      data: Buffer.from('{"email":'),
      headers: { "Content-Type": "application/json" },
    });
    expect(await expectJsonError(malformed, 400)).toEqual({ message: "Malformed JSON body" });

    await expectJsonError(await request.post(path, { headers: { "Content-Type": "application/json" } }), 400);
    await expectJsonError(await request.post(path), 400);

    const big = await request.post(path, { data: { ...valid, firstName: "x".repeat(1_100_000) } });
    await expectJsonError(big, 413);
  });
}

test("an existing email answers 409 and the account is not created twice", async ({ request }) => {
  const email = `dup-${Date.now()}-${Math.random().toString(36).slice(2)}@e2e.test`;
  expect((await request.post("/api/auth/register", { data: { ...valid, email } })).status()).toBe(201);
  const again = await request.post("/api/auth/register", { data: { ...valid, email: email.toUpperCase() } });
  expect((await expectJsonError(again, 409)).message).toBe("An account with this email already exists");
});
