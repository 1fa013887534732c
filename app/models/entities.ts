import { ENTITIES } from "~/models/registry.server";

/**
 * Every entity, listed explicitly (Vite emits no decorator metadata and no folder is scanned at
 * run time): each aggregate lists its own in its folder's `aggregate.server.ts`, which the
 * registry finds when the app is built.
 */
export const entities = ENTITIES;
