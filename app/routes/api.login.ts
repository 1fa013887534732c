import { redirect } from "@remix-run/node";

// The spec's redirect target for "log in again": the sign-in screen.
export function loader() {
  return redirect("/login");
}
