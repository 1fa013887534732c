/** The most unread alerts the bell counts: it shows "99+" from there, so it never counts further. */
export const UNREAD_BADGE_LIMIT = 100;
