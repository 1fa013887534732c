import type { Operation, OperationId } from "~/models/api-doc/operation";
import * as answer from "~/models/api-doc/response-schemas";
import { loginSchema, registerSchema } from "./auth-schema";
import { editUserSchema, newUserSchema } from "./user-schema";

/** The user accounts and sign-in' /api operations, as the OpenAPI document describes them and their routes' guards read them. */
export const USER_OPERATIONS = {
  "POST /api/auth/login": {
    summary: "Sign in: sets the session cookie",
    tag: "Authentication",
    access: "public",
    body: loginSchema,
    example: { email: "anna@example.fi", password: "secret123" },
    ok: { status: 200, schema: answer.userAnswer, description: "The signed-in user" },
    errors: [401, 429],
  },
  "POST /api/auth/register": {
    summary: "Create an account (the first one is the admin)",
    tag: "Authentication",
    access: "public",
    body: registerSchema,
    example: { email: "new@example.fi", password: "secret123", firstName: "Uusi", lastName: "Käyttäjä" },
    ok: { status: 201, schema: answer.registeredAnswer, description: "The account" },
    errors: [409],
  },
  "POST /api/auth/logout": {
    summary: "Sign out: ends the session",
    tag: "Authentication",
    access: "public",
    ok: { status: 200, schema: answer.messageAnswer, description: "Signed out" },
  },
  "GET /api/auth/user": {
    summary:
      "The signed-in user (or the token's user, with the token's role), with their own location (null: the default one)",
    tag: "Authentication",
    access: "staff",
    ok: { status: 200, schema: answer.currentUserAnswer, description: "The user" },
  },
  "GET /api/users": {
    summary: "Every user",
    tag: "Users",
    access: "user:manage",
    ok: { status: 200, schema: answer.userAnswer.array(), description: "The users" },
  },
  "POST /api/users": {
    summary: "Create a user",
    tag: "Users",
    access: "user:manage",
    body: newUserSchema,
    example: {
      email: "mikko@example.fi",
      password: "secret123",
      firstName: "Mikko",
      lastName: "M",
      role: "manager",
    },
    ok: { status: 201, schema: answer.userAnswer, description: "The user" },
    errors: [409],
  },
  "GET /api/users/{id}": {
    summary: "One user",
    tag: "Users",
    access: "user:manage",
    ok: { status: 200, schema: answer.userAnswer, description: "The user" },
  },
  "PUT /api/users/{id}": {
    summary: "Change a user (an empty password keeps theirs)",
    tag: "Users",
    access: "user:manage",
    body: editUserSchema,
    example: {
      email: "mikko@example.fi",
      firstName: "Mikko",
      lastName: "M",
      role: "salesperson",
      isActive: true,
    },
    ok: { status: 200, schema: answer.userAnswer, description: "The user as saved" },
    errors: [409],
  },
  "DELETE /api/users/{id}": {
    summary: "Delete a user (never oneself, never the last admin)",
    tag: "Users",
    access: "user:manage",
    ok: { status: 200, schema: answer.messageAnswer, description: "Deleted" },
    errors: [409],
  },
} satisfies Record<OperationId, Operation>;
