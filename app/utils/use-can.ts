import { useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/root";
import { can, type Permission } from "./permissions";

/** Whether the signed-in user may do this: the UI hides what the server would refuse. */
export function useCan(permission: Permission): boolean {
  return can(useRouteLoaderData<RootData>("root")?.user?.role, permission);
}
