// Code that makes one call, in curl, JavaScript (fetch), Python (requests)
// and Go (net/http), written from the call's view data at build time. Every
// sample reads the base URL and the credentials from environment variables,
// so it runs as copied once those are set.
import type { ApiOperation, ApiParameter } from "./operations";

export type SampleLanguage = "curl" | "javascript" | "python" | "go";

/** The languages in tab order, with the name of their grammar for the highlighter. */
export const SAMPLE_LANGUAGES: readonly { id: SampleLanguage; label: string; grammar: string }[] = [
  { id: "curl", label: "curl", grammar: "bash" },
  { id: "javascript", label: "JavaScript", grammar: "javascript" },
  { id: "python", label: "Python", grammar: "python" },
  { id: "go", label: "Go", grammar: "go" },
];

/** The environment variable every sample reads the API's base URL from. */
export const BASE_URL_VARIABLE = "SMRITI_URL";
const UPLOAD_FILE = "IMG_0412.HEIC";

interface Header {
  name: string;
  /** A literal value, or the environment variable it is read from after `prefix`. */
  value: string;
  fromEnv?: { variable: string; prefix: string };
}

/** What every language needs to know about the call, worked out once. */
interface CallShape {
  method: string;
  /** Path with parameters filled in and the query string: "/v1/albums/4f1d…?sort=name". */
  target: string;
  headers: Header[];
  basic: boolean;
  json?: unknown;
  multipart?: { field: string; file: string };
  /** The success response has a JSON body. */
  answersJson: boolean;
}

/**
 * An optional parameter a sample sends: a query parameter the spec gives an
 * example of (`sort=name`). An optional header is never sent: it switches
 * the call to another mode (a resumable upload's first chunk), and a sample
 * shows the plain call.
 */
const isShownOption = (param: ApiParameter) => param.in === "query" && param.inSample === true;

function shape(operation: ApiOperation): CallShape {
  let path = operation.path;
  const query: string[] = [];
  const headers: Header[] = [];
  for (const param of operation.parameters) {
    const value = param.sampleValue;
    if (value === undefined || !(param.required || isShownOption(param))) continue;
    if (param.in === "path") path = path.replace(`{${param.name}}`, encodeURIComponent(value));
    else if (param.in === "query") query.push(`${encodeURIComponent(param.name)}=${encodeURIComponent(value)}`);
    else headers.push({ name: param.name, value });
  }
  const token = operation.token ?? (operation.security === "bearer" ? "access" : undefined);
  if (token)
    headers.unshift({
      name: "Authorization",
      value: "",
      fromEnv: { variable: token === "refresh" ? "REFRESH_TOKEN" : "ACCESS_TOKEN", prefix: "Bearer " },
    });
  const body = operation.requestBody;
  const json = body?.example === undefined ? undefined : (JSON.parse(body.example) as unknown);
  if (json !== undefined) headers.push({ name: "Content-Type", value: "application/json" });
  const multipart =
    body?.contentType === "multipart/form-data"
      ? { field: body.fields[0]?.name ?? "file", file: UPLOAD_FILE }
      : undefined;
  const success = operation.responses.find((response) => response.status.startsWith("2"));
  return {
    method: operation.method,
    target: `${path}${query.length ? `?${query.join("&")}` : ""}`,
    headers,
    basic: operation.security === "basic",
    ...(json === undefined ? {} : { json }),
    ...(multipart ? { multipart } : {}),
    answersJson: success?.example !== undefined,
  };
}

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);

function curl(call: CallShape): string {
  const lines = [`curl -X ${call.method} "$${BASE_URL_VARIABLE}${call.target}"`];
  if (call.basic) lines.push(`-u "$SMRITI_ADMIN_USERNAME:$SMRITI_ADMIN_PASSWORD"`);
  for (const header of call.headers) {
    lines.push(
      header.fromEnv
        ? `-H "${header.name}: ${header.fromEnv.prefix}$${header.fromEnv.variable}"`
        : `-H ${shellQuote(`${header.name}: ${header.value}`)}`,
    );
  }
  if (call.json !== undefined) lines.push(`-d ${shellQuote(pretty(call.json))}`);
  if (call.multipart) lines.push(`-F "${call.multipart.field}=@${call.multipart.file}"`);
  return lines.join(" \\\n  ");
}

function javascript(call: CallShape): string {
  const lines: string[] = [];
  if (call.multipart) lines.push(`import { openAsBlob } from "node:fs";`, "");
  lines.push(`const baseUrl = process.env.${BASE_URL_VARIABLE};`);
  if (call.multipart) {
    lines.push(
      "const form = new FormData();",
      `form.append("${call.multipart.field}", await openAsBlob("${call.multipart.file}"), "${call.multipart.file}");`,
    );
  }
  const headers = call.headers.map(
    (h) =>
      `    ${JSON.stringify(h.name)}: ${h.fromEnv ? `\`${h.fromEnv.prefix}\${process.env.${h.fromEnv.variable}}\`` : JSON.stringify(h.value)},`,
  );
  if (call.basic) {
    headers.unshift(
      "    Authorization: `Basic ${btoa(`${process.env.SMRITI_ADMIN_USERNAME}:${process.env.SMRITI_ADMIN_PASSWORD}`)}`,",
    );
  }
  const options = [`  method: "${call.method}",`];
  if (headers.length) options.push("  headers: {", ...headers, "  },");
  if (call.json !== undefined) options.push(`  body: JSON.stringify(${indent(pretty(call.json), "  ")}),`);
  if (call.multipart) options.push("  body: form,");
  lines.push(
    `const response = await fetch(\`\${baseUrl}${call.target.replace(/[`$\\]/g, "\\$&")}\`, {`,
    ...options,
    "});",
  );
  lines.push(`if (!response.ok) throw new Error(\`\${response.status}: \${(await response.json()).message}\`);`);
  if (call.answersJson) lines.push("console.log(await response.json());");
  return lines.join("\n");
}

/** A JSON value as a Python literal (True, False, None), indented like the JSON. */
function pythonLiteral(value: unknown, depth = 0): string {
  const pad = "    ".repeat(depth + 1);
  const end = "    ".repeat(depth);
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (Array.isArray(value)) {
    if (!value.length) return "[]";
    return `[\n${value.map((item) => `${pad}${pythonLiteral(item, depth + 1)},`).join("\n")}\n${end}]`;
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (!entries.length) return "{}";
    return `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${pythonLiteral(item, depth + 1)},`).join("\n")}\n${end}}`;
  }
  return JSON.stringify(value);
}

function python(call: CallShape): string {
  const lines = ["import os", "", "import requests", "", `base_url = os.environ["${BASE_URL_VARIABLE}"]`];
  const args = [`    f"{base_url}${call.target.replace(/[{}]/g, "$&$&")}",`];
  const headers = call.headers.map(
    (h) =>
      `        ${JSON.stringify(h.name)}: ${h.fromEnv ? `"${h.fromEnv.prefix}" + os.environ["${h.fromEnv.variable}"]` : JSON.stringify(h.value)},`,
  );
  if (headers.length) args.push("    headers={", ...headers, "    },");
  if (call.basic) args.push('    auth=(os.environ["SMRITI_ADMIN_USERNAME"], os.environ["SMRITI_ADMIN_PASSWORD"]),');
  if (call.json !== undefined) args.push(`    json=${pythonLiteral(call.json, 1)},`);
  if (call.multipart) args.push(`    files={"${call.multipart.field}": open("${call.multipart.file}", "rb")},`);
  lines.push(`response = requests.request(`, `    "${call.method}",`, ...args, ")", "response.raise_for_status()");
  if (call.answersJson) lines.push("print(response.json())");
  return lines.join("\n");
}

function goString(value: string): string {
  return value.includes("`") ? JSON.stringify(value) : `\`${value}\``;
}

function go(call: CallShape): string {
  const imports = new Set(["fmt", "io", "net/http", "os"]);
  const body: string[] = [];
  let reader = "nil";
  if (call.json !== undefined) {
    imports.add("strings");
    body.push(`\tbody := strings.NewReader(${goString(pretty(call.json))})`);
    reader = "body";
  }
  if (call.multipart) {
    ["bytes", "mime/multipart"].forEach((name) => imports.add(name));
    body.push(
      `\tfile, err := os.Open("${call.multipart.file}")`,
      "\tif err != nil {\n\t\tpanic(err)\n\t}",
      "\tdefer file.Close()",
      "\tbody := &bytes.Buffer{}",
      "\tform := multipart.NewWriter(body)",
      `\tpart, err := form.CreateFormFile("${call.multipart.field}", "${call.multipart.file}")`,
      "\tif err != nil {\n\t\tpanic(err)\n\t}",
      "\tif _, err := io.Copy(part, file); err != nil {\n\t\tpanic(err)\n\t}",
      "\tform.Close()",
    );
    reader = "body";
  }
  body.push(
    `\treq, err := http.NewRequest("${call.method}", os.Getenv("${BASE_URL_VARIABLE}")+${goString(call.target)}, ${reader})`,
    "\tif err != nil {\n\t\tpanic(err)\n\t}",
  );
  if (call.basic)
    body.push('\treq.SetBasicAuth(os.Getenv("SMRITI_ADMIN_USERNAME"), os.Getenv("SMRITI_ADMIN_PASSWORD"))');
  for (const h of call.headers) {
    body.push(
      `\treq.Header.Set(${JSON.stringify(h.name)}, ${h.fromEnv ? `"${h.fromEnv.prefix}"+os.Getenv("${h.fromEnv.variable}")` : JSON.stringify(h.value)})`,
    );
  }
  if (call.multipart) body.push('\treq.Header.Set("Content-Type", form.FormDataContentType())');
  body.push(
    "\tres, err := http.DefaultClient.Do(req)",
    "\tif err != nil {\n\t\tpanic(err)\n\t}",
    "\tdefer res.Body.Close()",
    "\tdata, err := io.ReadAll(res.Body)",
    "\tif err != nil {\n\t\tpanic(err)\n\t}",
    "\tfmt.Println(res.Status, string(data))",
  );
  const importList = [...imports].sort().map((name) => `\t"${name}"`);
  return ["package main", "", "import (", ...importList, ")", "", "func main() {", ...body, "}"].join("\n");
}

const WRITERS: Record<SampleLanguage, (call: CallShape) => string> = { curl, javascript, python, go };

/** The call's code in every language, in SAMPLE_LANGUAGES order. */
export function codeSamples(operation: ApiOperation): { language: SampleLanguage; code: string }[] {
  const call = shape(operation);
  return SAMPLE_LANGUAGES.map(({ id }) => ({ language: id, code: WRITERS[id](call) }));
}
