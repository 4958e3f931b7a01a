// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';

// jsdom does not implement HTMLDialogElement.showModal/close: minimal polyfill, spied on.
const proto = HTMLDialogElement.prototype;
const original = { showModal: proto.showModal, close: proto.close };
const showModal = vi.fn(function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
});
const close = vi.fn(function (this: HTMLDialogElement) {
  if (!this.hasAttribute('open')) return;
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
});

beforeAll(() => {
  proto.showModal = showModal;
  proto.close = close;
});
afterAll(() => {
  proto.showModal = original.showModal;
  proto.close = original.close;
});
afterEach(() => {
  cleanup();
  showModal.mockClear();
  close.mockClear();
  document.body.removeAttribute('style');
});

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Filters
      </button>
      <Dialog
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Filter trips"
        closeLabel="Close filters"
        variant="drawer-right"
      >
        <p>Dialog content</p>
      </Dialog>
    </>
  );
}

const getDialog = () => document.querySelector('dialog') as HTMLDialogElement;

describe('Dialog', () => {
  it('opens with showModal and is named by its title', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(showModal).not.toHaveBeenCalled();
    expect(getDialog()).not.toHaveAttribute('open');

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(showModal).toHaveBeenCalledTimes(1);
    const dialog = screen.getByRole('dialog', { name: 'Filter trips' });
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('heading', { name: 'Filter trips' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close filters' })).toBeInTheDocument();
  });

  it('calls onClose on Escape (native cancel event), closes, and returns focus', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const trigger = screen.getByRole('button', { name: 'Filters' });
    await user.click(trigger);
    screen.getByRole('button', { name: 'Close filters' }).focus();

    // What a browser does on Escape in a modal dialog: fire a cancelable `cancel` event.
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(getDialog(), cancel);

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(cancel.defaultPrevented).toBe(true); // the owner decides, through `open`
    expect(close).toHaveBeenCalledTimes(1);
    expect(getDialog()).not.toHaveAttribute('open');
    expect(trigger).toHaveFocus();
  });

  it('closes on backdrop click but not on a click inside the content', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Filters' }));

    fireEvent.pointerDown(screen.getByText('Dialog content'));
    fireEvent.click(screen.getByText('Dialog content'));
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.pointerDown(getDialog());
    fireEvent.click(getDialog());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with the close button', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('button', { name: 'Close filters' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(getDialog()).not.toHaveAttribute('open');
  });

  it('syncs the owner when the dialog is closed natively', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    getDialog().close();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('locks body scroll while open', async () => {
    document.body.style.overflow = 'auto';
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'Close filters' }));
    expect(document.body.style.overflow).toBe('auto');
  });
});
