import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { SiteContent } from "../../app/content/types";
import type { SearchDocument } from "../../app/search/types";
import {
  CONTENT_SOCKET_ENV,
  connectToHost,
  encode,
  readMessages,
  sendMessage,
} from "../../scripts/dev/content-channel.mjs";
import { applyContentDelta, type ContentMessage } from "../../scripts/dev/content-delta.mjs";

// `npm run dev` compiles the content in a process of its own, started beside
// `remix dev` (scripts/dev/content-host.mjs); the app server connects to it
// over a local socket. A server connecting at any time must end up with the
// content the host has, and every save must reach the servers connected.

const root = join(import.meta.dirname, "../..");
const fixture = join(root, "tests/fixtures/content");

describe("the channel's frames", () => {
  test("messages come out whole and in order however the stream cuts them", async () => {
    const messages = [{ type: "a", n: 1 }, { type: "big", text: "x".repeat(300_000) }, { type: "c" }];
    const bytes = Buffer.concat(
      messages.map((message) => {
        const body = encode(message);
        const head = Buffer.alloc(4);
        head.writeUInt32BE(body.byteLength);
        return Buffer.concat([head, body]);
      }),
    );
    // Cuts inside a frame's head, inside a body, and several frames in one chunk.
    for (const cuts of [[1], [2, 3, 70_000, 200_000], [bytes.length - 5]]) {
      const received: unknown[] = [];
      const socket = new net.Socket();
      readMessages(socket, (message: unknown) => received.push(message));
      let from = 0;
      for (const cut of [...cuts, bytes.length]) {
        socket.emit("data", bytes.subarray(from, cut));
        from = cut;
      }
      assert.deepEqual(received, messages, `cut at ${cuts.join(", ")}`);
    }
  });
});

/** What the content host printed. */
const hostLog: string[] = [];

/**
 * The host's log for a failure message, with the lines every build repeats
 * (each page compiled, the fixture's deliberate warnings) left out, so that
 * what matters (states ready, restarts, polling, errors) ends the message.
 */
function hostDigest(): string {
  const lines = hostLog.join("").split("\n").filter(Boolean);
  const kept = lines.filter((line) => !/^\[content\] (warning: |compiled )/.test(line));
  return `the host printed ${lines.length} line(s); all but the ${lines.length - kept.length} per-page ones:\n${kept.join("\n")}`;
}

/** An app server as far as the content goes: connects, applies each state, asks for refreshes. */
class Server {
  content: SiteContent | null = null;
  states = 0;
  /** States that carried the content whole rather than as a delta. */
  wholeStates = 0;
  private socket!: net.Socket;
  private refreshed = new Map<number, () => void>();
  private waiters: (() => void)[] = [];

  async connect(socketPath: string) {
    // As the app server does: the host's socket appears as it starts, and accepts a moment later.
    this.socket = await connectToHost(socketPath, 120_000);
    readMessages(this.socket, (message: { type: string; id?: number; state?: { content: ContentMessage | null } }) => {
      if (message.type === "state") {
        const content = message.state!.content;
        // As the app server does: deltas made before its whole content came are not for it.
        if (this.states === 0 && content && !("whole" in content)) return;
        this.content = applyContentDelta(this.content, content);
        this.states += 1;
        if (content && "whole" in content) this.wholeStates += 1;
        for (const wake of this.waiters.splice(0)) wake();
      } else if (message.type === "refreshed") this.refreshed.get(message.id!)?.();
    });
  }

  /** Resolves once a state makes `check` true; `what` names it if none does in time. */
  async until(what: string, check: (content: SiteContent) => boolean, limitMs = 60_000) {
    const deadline = Date.now() + limitMs;
    while (!(this.content && check(this.content))) {
      assert.ok(
        Date.now() < deadline,
        `${hostDigest()}\n${what}: no state in ${limitMs / 1000} s brought it (${this.states} state(s) received)`,
      );
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 500);
      });
    }
  }

  refresh(id: number) {
    return new Promise<void>((resolve) => {
      this.refreshed.set(id, resolve);
      sendMessage(this.socket, { type: "refresh", id });
    });
  }

  close() {
    this.socket.destroy();
  }
}

describe("the content host", () => {
  let dir: string;
  let host: ChildProcess;
  let socketPath: string;
  const servers: Server[] = [];
  const page = () => join(dir, "docs/guide/first.mdx");
  const html = (content: SiteContent) => content.pages["/docs/guide/first"]?.html ?? "";

  const connect = async () => {
    const server = new Server();
    await server.connect(socketPath);
    servers.push(server);
    return server;
  };
  /** The server that stays connected throughout: each test may be the first to need it. */
  let follower: Promise<Server> | null = null;
  const following = () =>
    (follower ??= connect().then(async (server) => {
      // The first state waits for the whole first build, on a machine running other tests too.
      await server.until("the first content", (content) => html(content).includes(" paragraph."), 120_000);
      return server;
    }));
  /** Saves the page with its paragraph naming `word`, whatever an earlier test left there. */
  const save = (word: string) => {
    const text = readFileSync(page(), "utf8");
    assert.match(text, /The \w+ paragraph\./);
    writeFileSync(page(), text.replace(/The \w+ paragraph\./, `The ${word} paragraph.`));
  };
  const saved = (word: string) => (content: SiteContent) => html(content).includes(`The ${word} paragraph.`);

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "content-host-"));
    cpSync(fixture, join(dir, "content"), { recursive: true });
    dir = join(dir, "content");
    socketPath = join(dir, "..", "content.sock");
    host = spawn(process.execPath, ["scripts/dev/content-host.mjs"], {
      cwd: root,
      env: { ...process.env, SITE_CONTENT_DIR: dir, [CONTENT_SOCKET_ENV]: socketPath },
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [host.stdout!, host.stderr!])
      stream.on("data", (chunk: Buffer) => hostLog.push(chunk.toString()));
  });
  after(() => {
    for (const server of servers) server.close();
    host.kill();
    rmSync(join(dir, ".."), { recursive: true, force: true });
  });

  test("a server connecting gets the whole content, then each save", async () => {
    const first = await following();
    assert.ok(html(first.content!).includes("The summary paragraph."), "the page as the fixture has it");
    save("wombat");
    await first.until("the save of wombat", saved("wombat"));
    assert.ok(first.states >= 2, "the save came as a state of its own");
  });

  test("a server connecting after saves gets the same content as one that saw them", async () => {
    const first = await following();
    save("numbat");
    await first.until("the save of numbat", saved("numbat"));
    const late = await connect();
    await late.until("numbat, for a server connecting after the save", saved("numbat"));
    assert.deepEqual(late.content, first.content);
  });

  test("a refresh is answered, after the content it waited for", async () => {
    const first = await following();
    save("quoll");
    await first.until("the save of quoll", saved("quoll"));
    await first.refresh(1);
    await first.refresh(2);
    assert.ok(saved("quoll")(first.content!));
  });

  test("a server that goes away leaves the others served", async () => {
    const first = await following();
    const gone = await connect();
    await gone.until("the content, for a server about to go", (content) => html(content).includes(" paragraph."));
    gone.close();
    save("bilby");
    await first.until("the save of bilby, after a server went away", saved("bilby"));
  });

  test("a save of the pipeline's own code starts it again, and every server gets the content whole", async () => {
    const first = await following();
    save("potoroo");
    await first.until("the save of potoroo", saved("potoroo"));
    const before = first.content!;
    // Touched, not changed: the new pipeline builds the same content.
    const code = join(root, "app/content/build/watch.server.ts");
    const now = new Date();
    utimesSync(code, now, now);
    const deadline = Date.now() + 60_000;
    while (!hostLog.join("").includes("the content pipeline changed: starting it again")) {
      assert.ok(Date.now() < deadline, `${hostDigest()}\nthe pipeline was not started again`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The new pipeline takes over with a whole state, seconds after the line (its worker starts first).
    const wholeStates = first.wholeStates;
    await first.until("a whole state from the new pipeline", () => first.wholeStates > wholeStates);
    // The same content: pages, versions, redirects, and the search's documents (a save leaves
    // blank ones in the old pipeline's index where its removed sections were, and adds the new ones last).
    const { search: searchAfter, ...after } = first.content!;
    const { search: searchBefore, ...unchanged } = before;
    assert.deepEqual(after, unchanged);
    const shown = (documents: SearchDocument[]) =>
      documents.filter((document) => document.url !== "").sort((a, b) => a.url.localeCompare(b.url));
    assert.deepEqual(shown(searchAfter.documents), shown(searchBefore.documents));
    // The new pipeline follows saves as the old one did.
    save("dunnart");
    await first.until("the save of dunnart, after the restart", saved("dunnart"));
  });
});
