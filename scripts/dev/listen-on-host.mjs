// Loaded with `node --import` in front of `remix dev` when HOST is set
// (scripts/dev/start.mjs): `remix dev` binds its reload channel to every
// interface and has no option to choose, so every server that names a port
// but no host listens on HOST, as the site does.
import net from "node:net";

const host = process.env.HOST;
if (host) {
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function listenOnHost(...args) {
    if (typeof args[0] === "number" && typeof args[1] !== "string") args.splice(1, 0, host);
    return listen.apply(this, args);
  };
}
