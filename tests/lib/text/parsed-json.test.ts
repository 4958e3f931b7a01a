import { describe, expect, it } from 'vitest';
import { parsedJson } from '@/lib/text/parsed-json';

describe('parsedJson', () => {
  it('parses a JSON text once and gives the same value for the same text', () => {
    const text = JSON.stringify({ Forms: { labels: { email: 'Email' } } });
    const first = parsedJson<{ Forms: { labels: { email: string } } }>(text);
    expect(first.Forms.labels.email).toBe('Email');
    // Another string with the same text (as each request's payload brings) finds the same value.
    expect(parsedJson(`${text.slice(0, 5)}${text.slice(5)}`)).toBe(first);
  });

  it('keeps different texts apart', () => {
    expect(parsedJson('{"a":1}')).toEqual({ a: 1 });
    expect(parsedJson('{"a":2}')).toEqual({ a: 2 });
  });
});
