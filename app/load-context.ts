/** What server.ts hands every loader and action besides the request. */
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This request's id: in the X-Request-Id answer header, the log and the error page. */
    requestId: string;
    /** Set when the request failed because the database could not be reached (handleError). */
    databaseUnavailable?: boolean;
  }
}

export {};
