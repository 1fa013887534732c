import { useRouteLoaderData } from "@remix-run/react";
import { can, type Permission } from "~/models/user/permissions";
import type { RootData } from "./root-loader.server";

/** Whether the signed-in user may do this: the UI hides what the server would refuse. */
export function useCan(permission: Permission): boolean {
  return can(useRouteLoaderData<RootData>("root")?.user?.role, permission);
}
