import type { Server } from "node:http";

// A server that cannot listen is a failed start of the operator's making: a
// port another process holds, a HOST that is no address of this machine.
// remix-serve gives its listen() no error handler, so Node would print the
// error's stack and exit; the operator gets one line instead, in the form of
// the start check's (app/config.server.ts), naming the setting to change.

type ListenError = NodeJS.ErrnoException & { address?: string; port?: number; hostname?: string };

/** The variable as the operator set it, for the line. */
function setting(name: "PORT" | "HOST"): string {
  return `${name}=${JSON.stringify(process.env[name] ?? "")}`;
}

/** What to tell the operator about a failed listen, in one line. */
export function listenFailureLine(error: ListenError): string {
  const where = error.address !== undefined ? `${error.address}:${error.port}` : `port ${error.port}`;
  switch (error.code) {
    case "EADDRINUSE":
      return `[config] ${setting("PORT")} cannot be used: another process already listens on ${where}; expected a free port`;
    case "EACCES":
      return `[config] ${setting("PORT")} cannot be used: this user may not listen on ${where} (ports below 1024 need privileges); expected a port from 1024 to 65535`;
    case "EADDRNOTAVAIL":
      return `[config] ${setting("HOST")} is not valid: no network interface of this machine has the address ${error.address}; expected one of its addresses, such as 127.0.0.1, or HOST unset`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_FAIL":
      return `[config] ${setting("HOST")} is not valid: the name ${JSON.stringify(error.hostname)} resolves to no address; expected a host name or IP address of this machine, such as 127.0.0.1, or HOST unset`;
    default:
      return `[config] the server could not listen on ${setting("HOST")} ${setting("PORT")}: ${error.message}`;
  }
}

/** Until the server listens, an error it emits (a failed listen) prints one line and ends the process with status 1. */
export function exitOnListenFailure(server: Server): void {
  const fail = (error: ListenError) => {
    console.error(listenFailureLine(error));
    process.exit(1);
  };
  server.once("error", fail);
  server.once("listening", () => server.off("error", fail));
}
