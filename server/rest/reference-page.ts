// GET /api/reference: the OpenAPI document as one self-contained HTML page — rendered here on the server,
// styles inline, no script, nothing fetched from any other host — so it reads the same on an air-gapped
// install as online. Operations are grouped by tag and open with <details>; shared shapes link to one list.
import type { OpenApiDocument } from './openapi';

type Schema = Record<string, unknown>;

const escape = (text: unknown) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `code` spans for backticked words in descriptions. */
const prose = (text: unknown) => escape(text ?? '').replace(/`([^`]+)`/g, '<code>$1</code>');

function refName(ref: string): string {
  return ref.replace('#/components/schemas/', '');
}

function typeLabel(schema: Schema): string {
  if (typeof schema.$ref === 'string') {
    const name = refName(schema.$ref);
    return `<a href="#schema-${escape(name)}">${escape(name)}</a>`;
  }
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) return variants.map(typeLabel).join(' | ');
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => `<code>${escape(JSON.stringify(v))}</code>`).join(' | ');
  if ('const' in schema) return `<code>${escape(JSON.stringify(schema.const))}</code>`;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type as string | undefined);
  if (type === 'array' && schema.items) return `array of ${typeLabel(schema.items as Schema)}`;
  const format = schema.format ? ` (${escape(schema.format)})` : '';
  return `${escape(type ?? 'any')}${format}`;
}

/** Properties as a nested list, to a few levels; deeper shapes are named types with their own entry. */
function schemaHtml(schema: Schema, depth = 0): string {
  const target = (schema.type === 'array' ? schema.items : schema) as Schema | undefined;
  const properties = target?.properties as Record<string, Schema> | undefined;
  const head = `<span class="type">${typeLabel(schema)}</span>${schema.description ? ` — ${prose(schema.description)}` : ''}`;
  if (!properties || depth > 3) return head;
  const required = new Set((target!.required as string[] | undefined) ?? []);
  const items = Object.entries(properties).map(
    ([name, property]) =>
      `<li><code class="name">${escape(name)}</code>${required.has(name) ? '' : ' <span class="opt">optional</span>'}: ${schemaHtml(property, depth + 1)}</li>`,
  );
  return `${head}<ul>${items.join('')}</ul>`;
}

function operationHtml(path: string, method: string, op: Schema): string {
  const params = (op.parameters as Schema[]) ?? [];
  const body = (op.requestBody as { content: Record<string, { schema: Schema }> } | undefined)?.content;
  const responses = op.responses as Record<
    string,
    { description: string; content?: Record<string, { schema: Schema }>; headers?: Record<string, Schema> }
  >;
  const paramRows = params
    .map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}${p.required ? ', required' : ''}</td><td>${typeLabel(p.schema as Schema)}</td><td>${prose(p.description)}</td></tr>`,
    )
    .join('');
  const bodyHtml = body
    ? Object.entries(body)
        .map(([type, { schema }]) => `<h4>Request body <code>${escape(type)}</code></h4><div class="schema">${schemaHtml(schema)}</div>`)
        .join('')
    : '';
  const responseHtml = Object.entries(responses)
    .map(([status, res]) => {
      const content = Object.entries(res.content ?? {})
        .map(([type, { schema }]) => `<div class="schema"><code>${escape(type)}</code>: ${schemaHtml(schema)}</div>`)
        .join('');
      const headers = Object.entries(res.headers ?? {})
        .map(([name, h]) => `<div class="schema">header <code>${escape(name)}</code>: ${prose(h.description)}</div>`)
        .join('');
      return `<li><strong class="status s${escape(status[0])}">${escape(status)}</strong> ${prose(res.description)}${headers}${content}</li>`;
    })
    .join('');
  const id = escape(op.operationId);
  return `<details id="${id}"><summary><span class="method ${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code> <span class="summary">${escape(op.summary)}</span>${op.security ? ' <span class="opt">public</span>' : ''}</summary>
<div class="op">${op.description ? `<p>${prose(op.description)}</p>` : ''}
${paramRows ? `<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th>type</th><th></th></tr></thead><tbody>${paramRows}</tbody></table>` : ''}
${bodyHtml}<h4>Responses</h4><ul class="responses">${responseHtml}</ul></div></details>`;
}

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#0f172a;background:#f8fafc}
main{max-width:70rem;margin:0 auto;padding:2rem 1.25rem 4rem}
h1{margin:0 0 .25rem} h2{margin:2.5rem 0 .75rem;border-bottom:1px solid #e2e8f0;padding-bottom:.25rem} h4{margin:1rem 0 .25rem}
code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace;background:#eef2f7;border-radius:4px;padding:0 .25rem}
details{background:#fff;border:1px solid #e2e8f0;border-radius:10px;margin:.5rem 0}
summary{cursor:pointer;padding:.6rem .9rem;list-style-position:inside} .op{padding:0 1rem 1rem}
.method{display:inline-block;min-width:4.2rem;text-align:center;font-weight:700;font-size:12px;border-radius:6px;padding:.1rem .4rem;color:#fff}
.get{background:#0369a1}.post{background:#15803d}.delete{background:#b91c1c}.put,.patch{background:#a16207}
.summary{color:#334155} .opt{font-size:12px;color:#64748b;border:1px solid #cbd5e1;border-radius:999px;padding:0 .4rem}
table{border-collapse:collapse;width:100%;font-size:14px} td,th{border-top:1px solid #e2e8f0;text-align:left;padding:.3rem .5rem;vertical-align:top}
ul{margin:.25rem 0;padding-left:1.25rem} .schema{margin:.25rem 0 .5rem} .type{color:#7c3aed}
.status{font-family:ui-monospace,monospace} .s2{color:#15803d} .s4{color:#b45309} .s5{color:#b91c1c}
nav ul{columns:2;list-style:none;padding:0} a{color:#0369a1}
@media (prefers-color-scheme:dark){body{background:#0f172a;color:#e2e8f0}details{background:#111827;border-color:#1f2937}
code{background:#1f2937}.summary{color:#cbd5e1}td,th,h2{border-color:#1f2937}a{color:#7dd3fc}.type{color:#c4b5fd}}
`;

export function renderReferencePage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = (op.tags as string[])[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(path, method, op)]);
    }
  }
  const sections = [...byTag].map(([tag, ops]) => `<section><h2 id="tag-${escape(tag)}">${escape(tag)}</h2>${ops.join('\n')}</section>`);
  const schemas = Object.entries(doc.components.schemas).map(
    ([name, schema]) =>
      `<details id="schema-${escape(name)}"><summary><code>${escape(name)}</code></summary><div class="op schema">${schemaHtml(schema)}</div></details>`,
  );
  const info = doc.info as { title: string; version: string; description: string };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(info.title)} — reference</title><style>${STYLE}</style></head>
<body><main>
<h1>${escape(info.title)}</h1>
<p>OpenAPI ${escape(doc.openapi)}, version ${escape(info.version)} · machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p>
<p>${prose(info.description)}</p>
<nav aria-label="Sections"><ul>${[...byTag.keys()].map((tag) => `<li><a href="#tag-${escape(tag)}">${escape(tag)}</a></li>`).join('')}<li><a href="#schemas">Shared shapes</a></li></ul></nav>
${sections.join('\n')}
<section><h2 id="schemas">Shared shapes</h2>${schemas.join('\n')}</section>
</main></body></html>`;
}
