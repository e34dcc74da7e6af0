// The whole contract on the server-rendered reference, over both specs: every
// call's section names every top-level field of its JSON responses, every JSON
// example parses and validates against its schema, every code sample is well
// formed and makes the call it is shown for (method, path, credentials).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { transform } from "esbuild";
import { buildApiReferencePage } from "../../app/api-reference/build/build.server";
import { codeSamples, type SampleLanguage } from "../../app/api-reference/build/samples";
import { isObj, loadOpenApi, type Obj } from "../support/openapi-doc";

const SPECS = [
  ["spec/openapi.yaml", "/api"],
  ["spec/next/openapi.yaml", "/api/next"],
] as const;
const specPath = (spec: string) => fileURLToPath(new URL(`../../${spec}`, import.meta.url));
const built = await Promise.all(SPECS.map(([spec, apiUrl]) => buildApiReferencePage(specPath(spec), apiUrl)));

/** The HTML of one call's section on its tag's page. */
function section(html: string, anchor: string): string {
  const start = html.indexOf(`<section id="${anchor}"`);
  assert.ok(start >= 0, `no section ${anchor}`);
  const end = html.indexOf("<section id=", start + 1);
  return html.slice(start, end < 0 ? undefined : end);
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

for (const [index, [spec, apiUrl]] of SPECS.entries()) {
  describe(`${spec} at ${apiUrl}`, () => {
    const { page, reference } = built[index]!;
    const openApi = loadOpenApi(spec);
    const { deref } = openApi;
    const operations = reference.groups.flatMap((group) => group.operations);
    const htmlOf = (anchor: string) => section(page.tags.find((tag) => tag.anchors.includes(anchor))!.html, anchor);

    /** The JSON media of each response, read from the YAML without the app's code. */
    function jsonResponses(method: string, path: string): { status: string; media: Obj }[] {
      const op = openApi.operation(method, path)!.op;
      return Object.entries(deref(op.responses)).flatMap(([status, raw]) => {
        const content = deref(raw).content;
        const media = isObj(content) ? content["application/json"] : undefined;
        return isObj(media) ? [{ status, media }] : [];
      });
    }

    /** Top-level property names of a schema, or of its items for an array (allOf followed). */
    function topLevelNames(schema: unknown): string[] {
      const target = deref(schema);
      if (target.type === "array") return topLevelNames(target.items);
      const own = isObj(target.properties)
        ? Object.keys(target.properties).filter((name) => deref((target.properties as Obj)[name]).writeOnly !== true)
        : [];
      const parts = Array.isArray(target.allOf) ? target.allOf.flatMap(topLevelNames) : [];
      return [...new Set([...parts, ...own])];
    }

    test("every call's section names every top-level field of its JSON responses", () => {
      let named = 0;
      for (const operation of operations) {
        const html = htmlOf(operation.anchor);
        for (const { status, media } of jsonResponses(operation.method, operation.path)) {
          for (const name of topLevelNames(media.schema)) {
            assert.ok(
              html.includes(`<code class="api-field-name">${escapeHtml(name)}</code>`),
              `${operation.method} ${operation.path} ${status}: field ${name}`,
            );
            named += 1;
          }
        }
      }
      // Both specs have hundreds of response fields; far fewer means the walk found nothing.
      assert.ok(named > 200, `only ${named} response fields named`);
    });

    test("every JSON request and response body has an example that parses and validates against its schema", () => {
      const ajv = new Ajv({ strict: false, allErrors: true });
      const components = openApi.doc.components;
      const validate = (schema: unknown, value: unknown, where: string) => {
        // The schema's own "#/components/..." references resolve against the components beside it.
        const check = ajv.compile({ ...(schema as Obj), components });
        assert.ok(check(value), `${where}: ${ajv.errorsText(check.errors)}`);
      };
      let examples = 0;
      for (const operation of operations) {
        const where = `${operation.method} ${operation.path}`;
        const op = openApi.operation(operation.method, operation.path)!.op;
        if (op.requestBody !== undefined) {
          const content = deref(deref(op.requestBody).content);
          const media = content["application/json"];
          if (isObj(media)) {
            assert.ok(operation.requestBody?.example, `${where}: request example`);
            validate(media.schema, JSON.parse(operation.requestBody.example), `${where} request`);
            examples += 1;
          }
        }
        for (const { status, media } of jsonResponses(operation.method, operation.path)) {
          const response = operation.responses.find((r) => r.status === status);
          assert.ok(response?.example, `${where} ${status}: example`);
          validate(media.schema, JSON.parse(response.example), `${where} ${status}`);
          // The page shows it.
          assert.ok(
            htmlOf(operation.anchor).includes(escapeHtml(response.example.split("\n")[1] ?? response.example).trim()),
            `${where} ${status}: example on the page`,
          );
          examples += 1;
        }
      }
      assert.ok(examples > 100, `only ${examples} examples`);
    });

    test("every call has code in four languages, well formed, with its method, path and credentials", async () => {
      const dir = mkdtempSync(join(tmpdir(), "api-samples-"));
      try {
        const counts: Record<SampleLanguage, number> = { curl: 0, javascript: 0, python: 0, go: 0 };
        const python: string[] = [];
        for (const [i, operation] of operations.entries()) {
          const samples = codeSamples(operation);
          assert.deepEqual(
            samples.map((s) => s.language),
            ["curl", "javascript", "python", "go"],
          );
          // The static part of the path (before the first parameter) and its last literal segment.
          const literal = operation.path.split("{")[0]!;
          for (const { language, code } of samples) {
            const where = `${operation.method} ${operation.path} (${language})`;
            counts[language] += 1;
            assert.ok(code.includes(operation.method), `${where}: method`);
            assert.ok(code.includes(literal), `${where}: path ${literal}`);
            const token = operation.token ?? (operation.security === "bearer" ? "access" : undefined);
            if (token)
              assert.ok(
                code.includes(token === "refresh" ? "REFRESH_TOKEN" : "ACCESS_TOKEN"),
                `${where}: bearer token`,
              );
            if (operation.security === "basic")
              assert.ok(code.includes("SMRITI_ADMIN_PASSWORD"), `${where}: basic credentials`);
            if (!token && operation.security !== "basic")
              assert.ok(!/Authorization|SMRITI_ADMIN/.test(code), `${where}: no credentials`);
            if (operation.requestBody?.contentType === "multipart/form-data")
              assert.match(code, /file/, `${where}: the file`);
            // Well formed, by each language's own parser.
            if (language === "curl") {
              writeFileSync(join(dir, "call.sh"), code);
              execFileSync("bash", ["-n", join(dir, "call.sh")]);
            } else if (language === "javascript") {
              await transform(code, { loader: "js", format: "esm", target: "es2022" });
            } else if (language === "python") {
              const file = join(dir, `call${i}.py`);
              writeFileSync(file, code);
              python.push(file);
            } else {
              assert.match(code, /^package main\n/);
              assert.equal(code.split("{").length, code.split("}").length, `${where}: braces balance`);
            }
          }
        }
        execFileSync("python3", ["-m", "py_compile", ...python]);
        assert.deepEqual(Object.values(counts), [
          operations.length,
          operations.length,
          operations.length,
          operations.length,
        ]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test("each call's page shows its samples in radio tabs, the first checked, and links its models", () => {
      for (const operation of operations) {
        const html = htmlOf(operation.anchor);
        assert.equal(html.match(/<input type="radio"/g)?.length, 4, `${operation.anchor}: four tabs`);
        assert.equal(html.match(/ checked=""/g)?.length, 1, `${operation.anchor}: one checked`);
        for (const response of operation.responses) {
          if (response.model)
            assert.ok(
              html.includes(`href="${apiUrl}/models#${response.model}"`),
              `${operation.anchor}: model ${response.model}`,
            );
        }
      }
    });

    test("the models page has every component schema with its fields and the calls using it", () => {
      const schemas = Object.keys(deref(deref(openApi.doc.components).schemas));
      assert.deepEqual(page.models.anchors, schemas);
      for (const model of reference.models) {
        assert.ok(page.models.html.includes(`<section id="${model.name}"`), model.name);
        for (const field of model.fields)
          assert.ok(
            page.models.html.includes(`<code class="api-field-name">${field.name}</code>`),
            `${model.name}.${field.name}`,
          );
      }
      const album = reference.models.find((model) => model.name === "Album");
      assert.ok(album && album.usedBy.some((use) => use.path === "/v1/albums/{id}" && use.method === "GET"));
    });
  });
}
