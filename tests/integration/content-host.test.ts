import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { SiteContent } from "../../app/content/types";
import type { SearchDocument } from "../../app/search/types";
import { CONTENT_SOCKET_ENV, encode, readMessages, sendMessage } from "../../scripts/dev/content-channel.mjs";
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

/** What the content host printed, shown when a state does not come. */
const hostLog: string[] = [];

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
    this.socket = net.connect(socketPath);
    await new Promise<void>((resolve, reject) => {
      this.socket.once("connect", resolve);
      this.socket.once("error", reject);
    });
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

  /** Resolves once a state makes `check` true. */
  async until(check: (content: SiteContent) => boolean) {
    const deadline = Date.now() + 60_000;
    while (!(this.content && check(this.content))) {
      assert.ok(
        Date.now() < deadline,
        `the state never came (${this.states} state(s) received); the host printed:\n${hostLog.join("")}`,
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
    const deadline = Date.now() + 120_000;
    while (!existsSync(socketPath)) {
      assert.ok(Date.now() < deadline, "the host never listened");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const server = new Server();
    await server.connect(socketPath);
    servers.push(server);
    return server;
  };

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
    const first = await connect();
    await first.until((content) => html(content).includes("summary paragraph"));
    writeFileSync(page(), readFileSync(page(), "utf8").replace("The summary paragraph.", "The wombat paragraph."));
    await first.until((content) => html(content).includes("wombat"));
    assert.ok(first.states >= 2, "the save came as a state of its own");
  });

  test("a server connecting after saves gets the same content as one that saw them", async () => {
    const [first] = servers;
    writeFileSync(page(), readFileSync(page(), "utf8").replace("The wombat paragraph.", "The numbat paragraph."));
    await first!.until((content) => html(content).includes("numbat"));
    const late = await connect();
    await late.until((content) => html(content).includes("numbat"));
    assert.deepEqual(late.content, first!.content);
  });

  test("a refresh is answered, after the content it waited for", async () => {
    const [first] = servers;
    writeFileSync(page(), readFileSync(page(), "utf8").replace("The numbat paragraph.", "The quoll paragraph."));
    await first!.until((content) => html(content).includes("quoll"));
    await first!.refresh(1);
    await first!.refresh(2);
    assert.ok(html(first!.content!).includes("quoll"));
  });

  test("a server that goes away leaves the others served", async () => {
    const gone = await connect();
    await gone.until((content) => html(content).includes("quoll"));
    gone.close();
    const [first] = servers;
    writeFileSync(page(), readFileSync(page(), "utf8").replace("The quoll paragraph.", "The bilby paragraph."));
    await first!.until((content) => html(content).includes("bilby"));
  });

  test("a save of the pipeline's own code starts it again, and every server gets the content whole", async () => {
    const [first] = servers;
    const before = first!.content;
    // Touched, not changed: the new pipeline builds the same content.
    const code = join(root, "app/content/build/watch.server.ts");
    const now = new Date();
    utimesSync(code, now, now);
    const deadline = Date.now() + 60_000;
    while (!hostLog.join("").includes("the content pipeline changed: starting it again")) {
      assert.ok(Date.now() < deadline, `the pipeline was not started again; the host printed:\n${hostLog.join("")}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The new pipeline takes over with a whole state, seconds after the line (its worker starts first).
    const wholeStates = first!.wholeStates;
    await first!.until(() => first!.wholeStates > wholeStates);
    // The same content: pages, versions, redirects, and the search's documents (a save leaves
    // blank ones in the old pipeline's index where its removed sections were, and adds the new ones last).
    const { search: searchAfter, ...after } = first!.content!;
    const { search: searchBefore, ...unchanged } = before!;
    assert.deepEqual(after, unchanged);
    const shown = (documents: SearchDocument[]) =>
      documents.filter((document) => document.url !== "").sort((a, b) => a.url.localeCompare(b.url));
    assert.deepEqual(shown(searchAfter.documents), shown(searchBefore.documents));
    // The new pipeline follows saves as the old one did.
    writeFileSync(page(), readFileSync(page(), "utf8").replace("The bilby paragraph.", "The dunnart paragraph."));
    await first!.until((content) => html(content).includes("dunnart"));
  });
});
