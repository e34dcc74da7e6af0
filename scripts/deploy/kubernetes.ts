// The Kubernetes Deployment and Service of deploy/kubernetes/smriti-docs.yaml,
// typed with `kubernetes-types` (the API's own types, generated from its
// OpenAPI document), so `npm run typecheck` checks every field name and type.
// The YAML is what operators apply; it is written from here:
//
//   npx tsx scripts/deploy/kubernetes.ts --write
//
// and tests/unit/deploy-replicas.test.ts fails when the two differ.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Deployment } from "kubernetes-types/apps/v1";
import type { Probe, Service } from "kubernetes-types/core/v1";
import { stringify } from "yaml";

export const KUBERNETES_YAML = join(import.meta.dirname, "../../deploy/kubernetes/smriti-docs.yaml");

const labels = { "app.kubernetes.io/name": "smriti-docs" };

/** How long the server keeps serving after SIGTERM with /healthz at 503 (server/guard/shutdown.ts). */
export const DRAIN_SECONDS = 5;
/** Endpoints are removed while preStop runs: traffic stops before the server hears SIGTERM. */
export const PRE_STOP_SECONDS = 5;
/** The guard's own limit for requests in flight after the drain (SHUTDOWN_GRACE_MS). */
export const SHUTDOWN_SECONDS = 9;

const health = (periodSeconds: number, failureThreshold: number): Probe => ({
  httpGet: { path: "/healthz", port: "http" },
  periodSeconds,
  timeoutSeconds: 3,
  failureThreshold,
});

export const deployment: Deployment = {
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: { name: "smriti-docs", labels },
  spec: {
    replicas: 2,
    selector: { matchLabels: labels },
    // One new pod at a time, and never fewer ready pods than wanted: a roll
    // starts a new replica, waits for it to be ready, then stops an old one.
    strategy: { type: "RollingUpdate", rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
    minReadySeconds: 5,
    template: {
      metadata: { labels },
      spec: {
        terminationGracePeriodSeconds: PRE_STOP_SECONDS + DRAIN_SECONDS + SHUTDOWN_SECONDS + 6,
        securityContext: { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000 },
        containers: [
          {
            name: "site",
            // The image of the Dockerfile; replace with your registry's name and tag.
            image: "registry.example.org/smriti-docs:1.0.0",
            ports: [{ name: "http", containerPort: 3000 }],
            env: [
              { name: "SITE_DRAIN_MS", value: String(DRAIN_SECONDS * 1000) },
              // SITE_URL fixes the public origin when the ingress does not send X-Forwarded-Host.
              { name: "SITE_URL", value: "https://docs.example.org" },
            ],
            // Ready: in the Service. The content is read at start, so a pod is ready within seconds.
            readinessProbe: health(5, 1),
            startupProbe: health(2, 15),
            // Alive: restarted only after 30 s of failures, longer than a drain (when /healthz says 503).
            livenessProbe: health(10, 3),
            lifecycle: { preStop: { exec: { command: ["sleep", String(PRE_STOP_SECONDS)] } } },
            resources: { requests: { cpu: "250m", memory: "160Mi" }, limits: { memory: "256Mi" } },
            securityContext: {
              allowPrivilegeEscalation: false,
              readOnlyRootFilesystem: true,
              capabilities: { drop: ["ALL"] },
            },
          },
        ],
      },
    },
  },
};

export const service: Service = {
  apiVersion: "v1",
  kind: "Service",
  metadata: { name: "smriti-docs", labels },
  spec: { selector: labels, ports: [{ name: "http", port: 80, targetPort: "http" }] },
};

export function renderKubernetesYaml(): string {
  const header =
    "# The documentation site on Kubernetes: two replicas, rolled one at a time.\n" +
    "# Written by `npx tsx scripts/deploy/kubernetes.ts --write` from typed objects; edit that file.\n" +
    "# kubectl apply -f deploy/kubernetes/smriti-docs.yaml\n";
  return `${header}---\n${stringify(deployment, { aliasDuplicateObjects: false })}---\n${stringify(service, { aliasDuplicateObjects: false })}`;
}

if (process.argv.includes("--write")) {
  writeFileSync(KUBERNETES_YAML, renderKubernetesYaml());
  console.log(`wrote ${KUBERNETES_YAML}`);
}
