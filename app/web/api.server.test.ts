import { describe, expect, test } from "vitest";
import { loginSchema } from "~/models/user/auth-schema";
import { parseJson, readJson } from "./api.server";

function post(body: string, headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/x", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

async function answer(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, body: await error.json() };
    throw error;
  }
  throw new Error("expected a thrown Response");
}

describe("reading a JSON body", () => {
  test("malformed JSON is a 400 with a message", async () => {
    expect(await answer(readJson(post("{")))).toEqual({
      status: 400,
      body: { message: "Malformed JSON body" },
    });
  });

  test("a body over the limit is a 413", async () => {
    const big = JSON.stringify({ email: "x".repeat(1_100_000) });
    expect((await answer(readJson(post(big)))).status).toBe(413);
  });

  test("an empty body is a 400", async () => {
    expect((await answer(readJson(post("")))).status).toBe(400);
  });

  test("validation errors name each field in English", async () => {
    const result = await answer(
      parseJson(post(JSON.stringify({ email: "nope", password: "1" })), loginSchema),
    );
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual({
      email: ["Invalid email address"],
      password: ["Password must be at least 6 characters"],
    });
    expect(result.body.message).toContain("Invalid email address");
  });

  test("an array is not an object", async () => {
    expect((await answer(parseJson(post("[]"), loginSchema))).status).toBe(400);
  });

  test("a valid body is parsed and normalised", async () => {
    const value = await parseJson(
      post(JSON.stringify({ email: " Ada@Example.com ", password: "secret1" })),
      loginSchema,
    );
    expect(value).toEqual({ email: "ada@example.com", password: "secret1" });
  });
});
