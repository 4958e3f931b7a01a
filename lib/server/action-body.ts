// What the body of a Server Action must look like before Next.js decodes it (lib/server/request-
// guard.mjs holds it until it is whole): React's reply encoding (encodeReply, and the hidden fields
// of a form posted without JavaScript) as this app's forms write it. Next.js's decoder throws on a
// cut or malformed body, on a reference to a part that is not there, on a blob or stream the body
// does not hold, and answers each with a 500 and a stack trace in the log: such a body is refused
// with 400 instead. It runs outside the app's bundles (Node strips its types).

/**
 * The strings to which React's reply encoding gives a meaning that this app's forms send: an
 * escaped `$` text, a FormData of the body's fields (`$K<id>`), undefined, a date, ±Infinity, NaN,
 * -0, a BigInt. Anything else starting with `$` references another part (a model, a promise, a Map,
 * a blob, a stream, a server reference): no form of this app sends one.
 */
const REPLY_STRING = /^\$(?:\$[\s\S]*|K[0-9a-f]{1,8}|undefined|D[\s\S]*|Infinity|-Infinity|NaN|-0|n-?\d{1,300})$/;

/** Whether a decoded JSON value holds only plain values and the strings above (walked without recursion: a body may nest deep). */
function isPlainReply(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.startsWith('$') && !REPLY_STRING.test(value)) return false;
    } else if (value !== null && typeof value === 'object') {
      for (const item of Array.isArray(value) ? value : Object.values(value)) pending.push(item);
    }
  }
  return true;
}

const parsed = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

/** An action's arguments as React encodes them: a JSON array of plain values. */
export function isReplyArguments(text: string): boolean {
  const json = parsed(text);
  return json.ok && Array.isArray(json.value) && isPlainReply(json.value);
}

/**
 * The fields of a multipart/form-data body as `[name, value]` (UTF-8 text), or null when it is not
 * well formed: a boundary in the Content-Type, every part a header block naming a form-data field,
 * and the closing delimiter.
 */
export function multipartFields(contentType: string, body: Buffer): [string, string][] | null {
  const boundary = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  if (!boundary) return null;
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  // latin1: one character per byte, so no byte sequence is altered before a value is decoded.
  const text = body.toString('latin1');
  const close = text.indexOf(`${delimiter}--`);
  if (close === -1 || (close !== 0 && !text.startsWith('\r\n', close - 2))) return null;
  if (close !== 0 && !text.startsWith(`${delimiter}\r\n`)) return null;
  const fields: [string, string][] = [];
  for (const part of close === 0 ? [] : text.slice(0, close - 2).split(`\r\n${delimiter}\r\n`)) {
    const content = part.startsWith(`${delimiter}\r\n`) ? part.slice(delimiter.length + 2) : part;
    const headEnd = content.indexOf('\r\n\r\n');
    const name = headEnd === -1 ? null : /^content-disposition:\s*form-data;[^\r]*?\bname="([^"]*)"/im.exec(content.slice(0, headEnd));
    if (!name) return null;
    const utf8 = (latin1: string) => Buffer.from(latin1, 'latin1').toString('utf8');
    fields.push([utf8(name[1] ?? ''), utf8(content.slice(headEnd + 4))]);
  }
  return fields;
}

/**
 * A form posted without JavaScript: each bound action it names (`$ACTION_REF_<n>`, how React draws
 * a form whose action keeps its state) has its metadata (`$ACTION_<n>:0`: the action's id, and its
 * bound arguments as null or a promise of a part of its own) and those arguments as plain values.
 */
function isFormAction(fields: [string, string][]): boolean {
  const byName = new Map(fields);
  for (const [name] of fields) {
    const ref = /^\$ACTION_REF_(.+)$/.exec(name);
    if (!ref) continue;
    const prefix = `$ACTION_${ref[1]}:`;
    const meta = parsed(byName.get(`${prefix}0`) ?? '');
    if (!meta.ok || meta.value === null || typeof meta.value !== 'object') return false;
    const { id, bound } = meta.value as { id?: unknown; bound?: unknown };
    if (typeof id !== 'string') return false;
    if (bound === null || bound === undefined) continue;
    const promise = typeof bound === 'string' ? /^\$@([0-9a-f]{1,8})$/.exec(bound) : null;
    if (!promise || !isReplyArguments(byName.get(`${prefix}${Number.parseInt(promise[1] ?? '', 16)}`) ?? '')) return false;
  }
  return true;
}

/**
 * The check of a Server Action's whole body, for its request's Content-Type: a fetch action
 * (`next-action` header) sends its arguments as JSON, or as multipart whose part `0` holds them; a
 * form posted without JavaScript is multipart with its hidden fields. Returns null when the body is
 * none of Next.js's business (another content type without `next-action`).
 */
export function actionBodyCheck(contentType: string, fetchAction: boolean): ((body: Buffer) => boolean) | null {
  const multipart = /^\s*multipart\/form-data\b/i.test(contentType);
  if (multipart) {
    return (body: Buffer) => {
      const fields = multipartFields(contentType, body);
      if (!fields) return false;
      if (!fetchAction) return isFormAction(fields);
      const root = fields.find(([name]) => name === '0');
      return root !== undefined && isReplyArguments(root[1]);
    };
  }
  if (!fetchAction || /^\s*application\/x-www-form-urlencoded\b/i.test(contentType)) return null;
  return (body: Buffer) => isReplyArguments(body.toString('utf8'));
}
