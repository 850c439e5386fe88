// A fake Anthropic Messages API on 127.0.0.1 (ephemeral port) for the Claude analyzer's tests. It checks
// every request the way the real API (version 2026-10-21, which the installed SDK sends) would, plus what our
// own design promises (one image of at most 1.15 MP, one tool, no forced tool choice), records what it found
// wrong, and answers each attempt from a script: a tool call, prose, a refusal, an error status, a hang or a
// dropped connection.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export const FAKE_TOOL_NAME = 'record_property_findings';
export const FAKE_MAX_PIXELS = 1_150_000;
export const FAKE_MAX_LONG_SIDE = 1568;
const KEY_PROBLEM = 'API key missing or wrong';
/** Names of the tool input fields the request's schema must declare. */
const REQUIRED_TOOL_FIELDS = ['findings', 'property_condition', 'roof', 'pool', 'spa', 'trees', 'solar', 'power_lines', 'additional_risks'];

export interface SentImage {
  mediaType: string;
  format: string | undefined;
  width: number;
  height: number;
}

export interface FakeRequest {
  attempt: number;
  receivedAt: number;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (null when it was not JSON). */
  body: Record<string, unknown> | null;
  image: SentImage | null;
  problems: string[];
}

/** A fixed tool input, or one built from the request (e.g. polygons placed on the image actually sent). */
export type ToolInput = Record<string, unknown> | ((request: FakeRequest) => Record<string, unknown>);

export type FakeReply =
  | { kind: 'tool_use'; input: ToolInput; name?: string; stopReason?: string }
  | { kind: 'text'; text: string }
  | { kind: 'refusal' }
  | {
      kind: 'error';
      status: number;
      type: string;
      message: string;
      errorCode?: string;
      headers?: Record<string, string>;
    }
  | { kind: 'hang' }
  | { kind: 'drop' };

export const reply = {
  toolUse: (input: ToolInput): FakeReply => ({ kind: 'tool_use', input }),
  text: (text: string): FakeReply => ({ kind: 'text', text }),
  refusal: (): FakeReply => ({ kind: 'refusal' }),
  /** 429 with retry-after in seconds, the way the API sends it. */
  rateLimited: (retryAfterSeconds: number): FakeReply => ({
    kind: 'error',
    status: 429,
    type: 'rate_limit_error',
    message: 'Number of request tokens has exceeded your per-minute rate limit.',
    headers: { 'retry-after': String(retryAfterSeconds) },
  }),
  overloaded: (): FakeReply => ({ kind: 'error', status: 529, type: 'overloaded_error', message: 'Overloaded' }),
  serverError: (): FakeReply => ({ kind: 'error', status: 500, type: 'api_error', message: 'Internal server error' }),
  /** The message the API has long sent when prepaid credit runs out (a 400, never retryable). */
  creditBalanceTooLow: (): FakeReply => ({
    kind: 'error',
    status: 400,
    type: 'invalid_request_error',
    message: 'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
  }),
  /** A spend limit, which current API versions send as a 429 with an error code: retrying cannot help. */
  spendLimitReached: (): FakeReply => ({
    kind: 'error',
    status: 429,
    type: 'rate_limit_error',
    message: 'Your organization has reached its monthly spend limit.',
    errorCode: 'enforced_spend_limit_reached',
    headers: { 'retry-after': '0' },
  }),
  hang: (): FakeReply => ({ kind: 'hang' }),
  drop: (): FakeReply => ({ kind: 'drop' }),
};

export interface FakeAnthropic {
  url: string;
  /** Requests in arrival order, each with the problems found in it. */
  requests: FakeRequest[];
  /** Every problem of every request, prefixed with its attempt number; [] when all were right. */
  readonly problems: string[];
  readonly attempts: number;
  /** Replies for the next attempts, in order; the last one repeats once the script runs out. */
  script(replies: FakeReply[]): void;
  close(): Promise<void>;
}

export interface FakeAnthropicOptions {
  apiKey: string;
  model: string;
}

export async function startFakeAnthropic(options: FakeAnthropicOptions): Promise<FakeAnthropic> {
  let replies: FakeReply[] = [];
  const requests: FakeRequest[] = [];
  let counter = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const attempt = requests.length + 1;
      const request: FakeRequest = { attempt, receivedAt: Date.now(), headers: req.headers, body: null, image: null, problems: [] };
      requests.push(request);
      const planned = replies.length > 0 ? replies[Math.min(attempt - 1, replies.length - 1)] : reply.serverError();
      void (async () => {
        if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/messages') {
          request.problems.push(`unexpected ${req.method} ${req.url}`);
        } else {
          await checkRequest(request, Buffer.concat(chunks), options);
        }
        // A request the real API would refuse gets the real API's answer, whatever the script says.
        if (request.problems.some((problem) => problem.startsWith(KEY_PROBLEM))) {
          sendError(res, ++counter, { kind: 'error', status: 401, type: 'authentication_error', message: 'invalid x-api-key' });
          return;
        }
        if (request.problems.length > 0) {
          sendError(res, ++counter, { kind: 'error', status: 400, type: 'invalid_request_error', message: request.problems.join('; ') });
          return;
        }
        answer(res, req.socket, request, planned, ++counter);
      })().catch((error: unknown) => {
        request.problems.push(`fake crashed: ${String(error)}`);
        res.destroy();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get problems() {
      return requests.flatMap((r) => r.problems.map((p) => `attempt ${r.attempt}: ${p}`));
    },
    get attempts() {
      return requests.length;
    },
    script(next) {
      replies = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // A hanging request holds its socket open; drop it so close() returns.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function checkRequest(request: FakeRequest, raw: Buffer, options: FakeAnthropicOptions): Promise<void> {
  const p = request.problems;
  const h = request.headers;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(String(h['anthropic-version'] ?? ''))) p.push('anthropic-version header missing');
  // The SDK sends the key as a bearer token; the API also accepts x-api-key.
  const key = h['x-api-key'] ?? String(h.authorization ?? '').replace(/^Bearer /, '');
  if (key !== options.apiKey) p.push(`${KEY_PROBLEM} (x-api-key or Authorization: Bearer)`);
  if (!String(h['content-type'] ?? '').startsWith('application/json')) p.push('content-type is not JSON');

  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  } catch {
    p.push('body is not JSON');
    return;
  }
  request.body = body;
  if (body.model !== options.model) p.push(`model is ${JSON.stringify(body.model)}, expected ${options.model}`);
  if (!Number.isInteger(body.max_tokens) || (body.max_tokens as number) < 1) p.push('max_tokens missing');
  if (body.stream) p.push('stream is set (the analyzer reads one JSON answer)');
  // API version 2026-10-21 removed the sampling parameters: sending any of them is a 400.
  for (const name of ['temperature', 'top_p', 'top_k']) {
    if (name in body) p.push(`${name}: Extra inputs are not permitted`);
  }
  if (typeof body.system !== 'string' || body.system.length === 0) p.push('system prompt missing');

  const tools = body.tools;
  if (!Array.isArray(tools) || tools.length !== 1) {
    p.push(`expected exactly one tool, got ${Array.isArray(tools) ? tools.length : 'none'}`);
  } else {
    const tool = tools[0] as {
      name?: unknown;
      input_schema?: { type?: unknown; properties?: Record<string, unknown>; required?: unknown };
    };
    if (tool.name !== FAKE_TOOL_NAME) p.push(`tool is named ${JSON.stringify(tool.name)}`);
    const schema = tool.input_schema;
    if (schema?.type !== 'object' || !schema.properties) p.push('tool input_schema is not an object schema');
    else {
      const required = Array.isArray(schema.required) ? schema.required : [];
      for (const field of REQUIRED_TOOL_FIELDS) {
        if (!(field in schema.properties) || !required.includes(field)) p.push(`tool schema lacks required field ${field}`);
      }
    }
  }
  // Current models (Claude Sonnet 5.5 and later) refuse forced tool use ("any" or "tool") with a 400.
  const choice = body.tool_choice as { type?: unknown; disable_parallel_tool_use?: unknown } | undefined;
  if (!choice || choice.type !== 'auto') p.push(`tool_choice must be {type:"auto"}, got ${JSON.stringify(choice)}`);
  else if (choice.disable_parallel_tool_use !== true) p.push('tool_choice does not disable parallel tool use');

  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length !== 1) {
    p.push('expected one user message');
    return;
  }
  const message = messages[0] as { role?: unknown; content?: unknown };
  if (message.role !== 'user' || !Array.isArray(message.content)) {
    p.push('the message is not a user message with content blocks');
    return;
  }
  const blocks = message.content as Array<{ type?: unknown; source?: { type?: unknown; media_type?: unknown; data?: unknown } }>;
  const images = blocks.filter((b) => b.type === 'image');
  if (images.length !== 1) {
    p.push(`expected one image block, got ${images.length}`);
    return;
  }
  const source = images[0].source;
  if (source?.type !== 'base64' || typeof source.data !== 'string') {
    p.push('image source is not base64');
    return;
  }
  const bytes = Buffer.from(source.data, 'base64');
  try {
    const meta = await sharp(bytes).metadata();
    request.image = { mediaType: String(source.media_type), format: meta.format, width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch {
    p.push('image data does not decode');
    return;
  }
  const img = request.image;
  if (`image/${img.format}` !== img.mediaType) p.push(`media_type ${img.mediaType} but the data is ${img.format}`);
  if (img.mediaType !== 'image/jpeg') p.push(`expected a JPEG, got ${img.mediaType}`);
  if (img.width * img.height > FAKE_MAX_PIXELS) p.push(`image is ${img.width}×${img.height}, over 1.15 MP`);
  if (Math.max(img.width, img.height) > FAKE_MAX_LONG_SIDE) p.push(`image long side ${Math.max(img.width, img.height)} > 1568`);
  if (!blocks.some((b) => b.type === 'text')) p.push('no text block next to the image');
}

function answer(res: ServerResponse, socket: import('node:net').Socket, request: FakeRequest, planned: FakeReply, n: number): void {
  const model = String(request.body?.model ?? 'unknown');
  switch (planned.kind) {
    case 'hang':
      return; // close() destroys the socket
    case 'drop':
      socket.destroy();
      return;
    case 'error':
      sendError(res, n, planned);
      return;
    case 'tool_use': {
      const input = typeof planned.input === 'function' ? planned.input(request) : planned.input;
      sendMessage(
        res,
        n,
        model,
        [{ type: 'tool_use', id: `toolu_fake_${n}`, name: planned.name ?? FAKE_TOOL_NAME, input }],
        planned.stopReason ?? 'tool_use',
      );
      return;
    }
    case 'text':
      sendMessage(res, n, model, [{ type: 'text', text: planned.text }], 'end_turn');
      return;
    case 'refusal':
      sendMessage(res, n, model, [], 'refusal');
      return;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, n: number, headers: Record<string, string> = {}): void {
  const data = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': data.length,
    'request-id': `req_fake_${n}`,
    ...headers,
  });
  res.end(data);
}

function sendMessage(res: ServerResponse, n: number, model: string, content: unknown[], stopReason: string): void {
  sendJson(
    res,
    200,
    {
      id: `msg_fake_${n}`,
      type: 'message',
      role: 'assistant',
      model,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: 1500 + n, output_tokens: 400 + n },
    },
    n,
  );
}

function sendError(res: ServerResponse, n: number, e: Extract<FakeReply, { kind: 'error' }>): void {
  sendJson(
    res,
    e.status,
    {
      type: 'error',
      error: { type: e.type, message: e.message, ...(e.errorCode ? { details: { error_code: e.errorCode } } : {}) },
      request_id: `req_fake_${n}`,
    },
    n,
    e.headers,
  );
}
