import type { APIRequestContext, APIResponse } from "@playwright/test";
import Ajv2020 from "ajv/dist/2020.js";
import { expect } from "./fixtures";

// The API document's schemas as a test's oracle: an answer of a path, method and status is checked
// against what GET /api/openapi.json says of it (the API specs of purchase orders and serials).

type Document = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
  components: { schemas: Record<string, object> };
};

/** Checks each answer against the document's schema of its path, method and status. */
export async function documentChecker(api: APIRequestContext) {
  const doc = (await (await api.get("/api/openapi.json")).json()) as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  return async (method: string, path: string, answer: APIResponse, status: number) => {
    const body = await answer.text();
    expect(answer.status(), `${method} ${path}: ${body}`).toBe(status);
    const described = doc.paths[path]?.[method]?.responses[String(status)];
    expect(described, `${method} ${path} ${status} is not in the document`).toBeDefined();
    const schema = described?.content?.["application/json"].schema as { $ref?: string };
    const validate = ajv.compile(schema.$ref ? doc.components.schemas.Error : schema);
    const json = JSON.parse(body);
    expect(validate(json), `${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    return json;
  };
}
