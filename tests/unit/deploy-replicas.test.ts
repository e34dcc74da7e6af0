import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { parse, parseAllDocuments } from "yaml";
import { SHUTDOWN_GRACE_MS } from "../../app/http/guard-contract";
import { EVERY_PAGE_INPUTS } from "../../app/route-inputs";
import {
  deployment,
  DRAIN_SECONDS,
  KUBERNETES_YAML,
  PRE_STOP_SECONDS,
  renderKubernetesYaml,
  service,
  SHUTDOWN_SECONDS,
} from "../../scripts/deploy/kubernetes";

// The several-replica setups in deploy/: the nginx upstream, the compose file
// and the Kubernetes manifests, checked against each other, against the
// Dockerfile and against the request guard's shutdown timings. The Kubernetes
// objects are typed with kubernetes-types (`npm run typecheck` checks them).

const root = join(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(root, path), "utf8");
const nginx = read("deploy/nginx.conf").replace(/#.*$/gm, "");
const dockerfile = read("Dockerfile");
const containerPort = Number(/^EXPOSE (\d+)$/m.exec(dockerfile)?.[1]);
const dockerHealthcheck = /^HEALTHCHECK[^\n]*\\\n\s*CMD (\[.*\])$/m.exec(dockerfile)?.[1];

/** "20s", "1m30s" → seconds. */
function seconds(duration: string): number {
  let total = 0;
  for (const [, amount, unit] of duration.matchAll(/(\d+)(h|m|s)/g))
    total += Number(amount) * { h: 3600, m: 60, s: 1 }[unit as "h" | "m" | "s"];
  return total;
}

describe("nginx: an upstream over the replicas", () => {
  const upstream = /upstream smriti_docs \{([^}]*)\}/.exec(nginx)?.[1] ?? "";
  const servers = [...upstream.matchAll(/^\s*server (\S+)([^;]*);/gm)];

  test("two or more replicas, each left alone for a while after a failure", () => {
    assert.ok(servers.length >= 2, upstream);
    for (const [, address, parameters] of servers) {
      assert.match(address!, /^127\.0\.0\.1:\d+$/);
      assert.match(parameters!, /max_fails=\d+/);
      assert.match(parameters!, /fail_timeout=\d+s/);
    }
  });

  test("a request a replica cannot answer is tried on another one; a script one replica lacks is asked of the next", () => {
    const serverLevel = /^\s{4}proxy_next_upstream ([^;]+);/m.exec(nginx)?.[1]?.split(/\s+/) ?? [];
    for (const condition of ["error", "timeout", "http_502", "http_503"])
      assert.ok(serverLevel.includes(condition), condition);
    const assets = /location \/build\/ \{([^}]*)\}/.exec(nginx)?.[1] ?? "";
    const assetConditions = /proxy_next_upstream ([^;]+);/.exec(assets)?.[1]?.split(/\s+/) ?? [];
    for (const condition of ["error", "timeout", "http_404"]) assert.ok(assetConditions.includes(condition), condition);
    // Never a POST that reached a replica: that would need "non_idempotent".
    assert.doesNotMatch(nginx, /non_idempotent/);
  });

  test("compose publishes one replica on each upstream address, as the image runs it", () => {
    const compose = parse(read("deploy/compose.yaml"), { merge: true }) as {
      services: Record<
        string,
        {
          ports: string[];
          environment: Record<string, string>;
          stop_grace_period: string;
          healthcheck: { test: string[] };
        }
      >;
    };
    const published = Object.values(compose.services).map((site) => {
      assert.equal(site.ports.length, 1);
      const [, host, port, target] = /^(127\.0\.0\.1):(\d+):(\d+)$/.exec(site.ports[0]!) ?? [];
      assert.equal(Number(target), containerPort, "the container's port");
      // Drain, then the guard's limit for requests in flight, inside the stop grace period.
      const drainMs = Number(site.environment.SITE_DRAIN_MS);
      assert.ok(drainMs > 0);
      assert.ok(seconds(site.stop_grace_period) * 1000 > drainMs + SHUTDOWN_GRACE_MS, site.stop_grace_period);
      // The image's own health check, with compose's "$$" for "$".
      assert.deepEqual(
        site.healthcheck.test.map((part) => part.replaceAll("$$", "$")),
        ["CMD", ...(JSON.parse(dockerHealthcheck!) as string[])],
      );
      return `${host}:${port}`;
    });
    assert.ok(published.length >= 2);
    assert.deepEqual(published.sort(), servers.map(([, address]) => address!).sort());
  });
});

describe("nginx: the page cache keys on every cookie a page reads", () => {
  const pageKey = /proxy_cache_key "page\|([^"]*)";/.exec(nginx)?.[1] ?? "";
  const otherCookies = /map \$http_cookie \$smriti_other_cookies \{([^}]*)\}/.exec(nginx)?.[1] ?? "";

  for (const name of EVERY_PAGE_INPUTS.cookies) {
    test(`${name}: in the key, and not an "other" cookie that skips the cache`, () => {
      // Either nginx's own $cookie_<name> (names without "-") or a map over the Cookie header.
      const mapped = new RegExp(`map \\$http_cookie (\\$\\w+) \\{\\s*"[^"]*${name}=`).exec(nginx)?.[1];
      const variable = /^[a-z_]+$/.test(name) ? `$cookie_${name}` : mapped;
      assert.ok(variable, `nginx reads the ${name} cookie`);
      assert.ok(pageKey.split("|").includes(variable), `${variable} is part of the page key`);
      assert.ok(otherCookies.includes(`${name}=`), `${name} is not counted among the other cookies`);
    });
  }
});

describe("Kubernetes: a Deployment and a Service", () => {
  const container = deployment.spec!.template.spec!.containers[0]!;

  test("deploy/kubernetes/smriti-docs.yaml is written from the typed objects", () => {
    assert.equal(readFileSync(KUBERNETES_YAML, "utf8"), renderKubernetesYaml());
    const documents = parseAllDocuments(readFileSync(KUBERNETES_YAML, "utf8")).map((document) => document.toJS());
    assert.deepEqual(documents, [deployment, service]);
  });

  test("two replicas or more, rolled one at a time without ever fewer ready", () => {
    assert.ok(deployment.spec!.replicas! >= 2);
    assert.equal(deployment.spec!.strategy?.type, "RollingUpdate");
    assert.equal(deployment.spec!.strategy?.rollingUpdate?.maxUnavailable, 0);
    assert.ok(Number(deployment.spec!.strategy?.rollingUpdate?.maxSurge) >= 1);
  });

  test("readiness and liveness ask /healthz on the container's port; the Service sends to it", () => {
    const port = container.ports!.find((candidate) => candidate.name === "http");
    assert.equal(port?.containerPort, containerPort);
    for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe]) {
      assert.equal(probe?.httpGet?.path, "/healthz");
      assert.equal(probe?.httpGet?.port, "http");
    }
    // A liveness probe that failed during a drain would kill the pod mid-request.
    const liveness = container.livenessProbe!;
    assert.ok(liveness.periodSeconds! * liveness.failureThreshold! > DRAIN_SECONDS);
    assert.equal(service.spec!.ports![0]!.targetPort, "http");
    assert.deepEqual(service.spec!.selector, deployment.spec!.selector.matchLabels);
    assert.deepEqual(deployment.spec!.template.metadata!.labels, deployment.spec!.selector.matchLabels);
  });

  test("stopping: preStop waits for the endpoints to go, then the server drains and exits, all inside the grace period", () => {
    assert.deepEqual(container.lifecycle?.preStop?.exec?.command, ["sleep", String(PRE_STOP_SECONDS)]);
    const drain = container.env!.find((variable) => variable.name === "SITE_DRAIN_MS");
    assert.equal(Number(drain?.value), DRAIN_SECONDS * 1000);
    assert.equal(SHUTDOWN_SECONDS * 1000, SHUTDOWN_GRACE_MS);
    assert.ok(
      deployment.spec!.template.spec!.terminationGracePeriodSeconds! >
        PRE_STOP_SECONDS + DRAIN_SECONDS + SHUTDOWN_SECONDS,
    );
  });
});
