import { describe, expect, it } from 'vitest';
import { textBlocks } from '@/lib/text/blocks';

describe('textBlocks', () => {
  it.each([
    ['One paragraph.', [{ kind: 'paragraph', text: 'One paragraph.' }]],
    ['First.\n\nSecond\ncontinues.', [{ kind: 'paragraph', text: 'First.' }, { kind: 'paragraph', text: 'Second continues.' }]],
    ['## Title\nText under it.', [{ kind: 'heading', text: 'Title' }, { kind: 'paragraph', text: 'Text under it.' }]],
    ['Intro:\n- one\n- two\n\nAfter.', [{ kind: 'paragraph', text: 'Intro:' }, { kind: 'list', items: ['one', 'two'] }, { kind: 'paragraph', text: 'After.' }]],
    ['<b>not html</b>', [{ kind: 'paragraph', text: '<b>not html</b>' }]],
    ['\r\n\r\n  \n', []],
  ] as const)('%j', (input, expected) => {
    expect(textBlocks(input)).toEqual(expected);
  });
});
