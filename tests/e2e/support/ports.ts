import net from "node:net";

/**
 * Ports for servers a spec starts itself (a server in a temporary directory,
 * nginx): E2E_PORT_BASE + 50 to + 99, clear of the web servers Playwright
 * starts from the same base, so checkouts can still test side by side.
 */
export function extraPort(offset: number): number {
  if (!Number.isInteger(offset) || offset < 0 || offset > 49)
    throw new Error(`extra port offset ${offset} is outside 0..49`);
  return Number(process.env.E2E_PORT_BASE ?? 4310) + 50 + offset;
}

/** Each spec's own offsets, in one place so that no two collide. */
export const EXTRA_PORTS = {
  container: extraPort(0),
  shutdownSlowRequest: extraPort(1),
  shutdownStuckClient: extraPort(2),
  shutdownIdleConnection: extraPort(3),
  shutdownStreaming: extraPort(7),
  nginxUpstream: extraPort(4),
  nginxHttps: extraPort(5),
  nginxHttp: extraPort(6),
  faultInjection: extraPort(8),
  themeRestart: extraPort(9),
  devSite: extraPort(10),
  devReloadChannel: extraPort(11),
  // From 40 down, so that offsets other branches add from 12 up do not collide.
  startupBadSetting: extraPort(40),
  startupBrokenContent: extraPort(41),
  startupWarmUp: extraPort(42),
  startupPortInUse: extraPort(43),
  startupFirstRenders: extraPort(34),
  startupMisspeltSetting: extraPort(38),
  repeatedSlashes: extraPort(39),
  searchReference: extraPort(35),
  corsProxy: extraPort(36),
  corsFakeApi: extraPort(37),
  // The rolling deploy (tests/long/rolling-deploy.spec.ts and npm run bench:deploy): two replicas and nginx.
  rollingReplicaA: extraPort(44),
  rollingReplicaB: extraPort(45),
  rollingHttps: extraPort(46),
  rollingHttp: extraPort(47),
  scaleSite: extraPort(30),
} as const;

/** Whether something listens on a loopback port: a new connection is accepted, refused, or fails otherwise. */
export function probePort(port: number): Promise<"accepted" | "refused" | "failed"> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("accepted");
    });
    socket.once("error", (error: NodeJS.ErrnoException) =>
      resolve(error.code === "ECONNREFUSED" ? "refused" : "failed"),
    );
  });
}
