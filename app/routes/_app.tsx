import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { ScreenError } from "~/components/ErrorPage/ScreenError";
import { Shell } from "~/components/Shell/Shell";
import { requireUser } from "~/web/auth.server";
import type { RootData } from "~/web/root-loader.server";

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

/**
 * Every signed-in screen's error boundary: an error in any screen below (a missing product, a
 * failed action) is shown inside the shell, so the sidebar and the way back stay.
 */
export function ErrorBoundary() {
  const root = useRouteLoaderData<RootData>("root");
  const error = useRouteError();
  if (!root?.user) throw error;
  return (
    <Shell user={root.user} unreadAlerts={root.unreadAlerts}>
      <ScreenError error={error} />
    </Shell>
  );
}
