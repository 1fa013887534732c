import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useRouteLoaderData } from "@remix-run/react";
import { Shell } from "~/components/Shell/Shell";
import type { RootData } from "~/root";
import { requireUser } from "~/utils/auth.server";

// The frame of every signed-in screen; each child route still runs its own guard.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function AppLayout() {
  const root = useRouteLoaderData<RootData>("root");
  if (!root?.user) return null;
  return (
    <Shell user={root.user} unreadAlerts={root.unreadAlerts}>
      <Outlet />
    </Shell>
  );
}
