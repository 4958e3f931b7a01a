import { describe, expect, it } from 'vitest';
import { actionBodyCheck, isReplyArguments, multipartFields } from '@/lib/server/action-body';

const boundary = '----WebKitFormBoundary7MA4YWxkTrZu0gW';
const type = `multipart/form-data; boundary=${boundary}`;
const multipart = (fields: [string, string][]) => Buffer.from(fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') + `--${boundary}--\r\n`);
const state = JSON.stringify([{ status: 'idle', formError: null, fieldErrors: {}, values: {}, result: null }]);
const id = '7f4b384fb9483136f48000da7ac836d5ff0e7b425d';

describe('the body of a Server Action, before Next.js decodes it', () => {
  it.each([
    ['[]'],
    ['[{"status":"idle","formError":null,"values":{"price":"$$12"}},"$K1"]'],
    ['["$undefined","$D2031-06-10T00:00:00.000Z","$NaN","$Infinity","$-Infinity","$-0","$n12345678901234567890"]'],
  ])('takes the arguments our forms send: %s', (text) => expect(isReplyArguments(text)).toBe(true));

  it.each([
    ['cut JSON', '[{"email":'],
    ['not an array', '{"0":"$K1"}'],
    ['a model part', '["$1"]'],
    ['a promise', '["$@1"]'],
    ['a Map', '["$Q1"]'],
    ['a server reference', '["$h1"]'],
    ['a blob', '["$B1"]'],
    ['a stream', '["$R1"]'],
    ['a temporary reference', '["$T"]'],
    ['a BigInt that is not one', '["$n1x"]'],
    ['a nested reference', '[{"a":[{"b":"$F1"}]}]'],
    ['a path into another part', '["$1:a:b"]'],
  ])('refuses %s', (_, text) => expect(isReplyArguments(text)).toBe(false));

  it('walks a deeply nested or very wide body without overflowing the stack', () => {
    expect(isReplyArguments(`${'['.repeat(50_000)}${']'.repeat(50_000)}`)).toBe(true);
    expect(isReplyArguments(`[${Array.from({ length: 200_000 }, () => '0').join(',')}]`)).toBe(true);
  });

  it('reads multipart fields, including values with line breaks and non-ASCII text, and refuses a cut or headerless body', () => {
    expect(multipartFields(type, multipart([['0', '["$K1"]'], ['_1_name', 'Zoë\r\nLine two']]))).toEqual([
      ['0', '["$K1"]'],
      ['_1_name', 'Zoë\r\nLine two'],
    ]);
    expect(multipartFields(type, Buffer.from(`--${boundary}--\r\n`))).toEqual([]);
    expect(multipartFields(type, multipart([['0', '[]']]).subarray(0, 60))).toBeNull();
    expect(multipartFields(type, Buffer.from(`--${boundary}\r\n\r\nno name\r\n--${boundary}--\r\n`))).toBeNull();
    expect(multipartFields('multipart/form-data', multipart([['0', '[]']]))).toBeNull();
  });

  it('takes a form posted without JavaScript as React draws it, and refuses its hidden fields forged', () => {
    const check = actionBodyCheck(type, false)!;
    const form = (meta: string, bound = state) => multipart([['$ACTION_REF_1', ''], ['$ACTION_1:0', meta], ['$ACTION_1:1', bound], ['$ACTION_KEY', 'k0'], ['email', 'ada@example.com']]);
    expect(check(form(`{"id":"${id}","bound":"$@1"}`))).toBe(true);
    expect(check(form(`{"id":"${id}","bound":null}`))).toBe(true);
    expect(check(multipart([[`$ACTION_ID_${id}`, ''], ['email', 'ada@example.com']]))).toBe(true);
    expect(check(form('{bad'))).toBe(false);
    expect(check(form(`{"id":"${id}","bound":"$@9"}`))).toBe(false);
    expect(check(form(`{"id":"${id}","bound":"$Q1"}`))).toBe(false);
    expect(check(form(`{"id":"${id}","bound":"$@1"}`, '["$B1"]'))).toBe(false);
    expect(check(form(`{"bound":null}`))).toBe(false);
  });

  it('asks a fetch action for its arguments as JSON or in part 0, and leaves other bodies alone', () => {
    expect(actionBodyCheck(type, true)!(multipart([['0', '["$K1"]'], ['_1_email', 'ada@example.com']]))).toBe(true);
    expect(actionBodyCheck(type, true)!(multipart([['_1_email', 'ada@example.com']]))).toBe(false);
    expect(actionBodyCheck('text/plain;charset=UTF-8', true)!(Buffer.from('["$K1"]'))).toBe(true);
    expect(actionBodyCheck('application/x-www-form-urlencoded', true)).toBeNull();
    expect(actionBodyCheck('application/json', false)).toBeNull();
  });
});
