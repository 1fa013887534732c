import { em } from "~/utils/db.server";
import { Alert } from "./alert.entity";

export async function countUnreadAlerts(): Promise<number> {
  return em().count(Alert, { isRead: false });
}
