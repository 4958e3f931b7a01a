'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { OpenGroupsFormProps, SeasonsFormProps, TripPricesFormProps, UnavailableRangesFormProps } from '@/components/account/editor-fields';
import type { GuideCancelFormProps, SupportRefundFormProps, ProposalFormProps, ReassignFormProps, ReplyFormProps, RequestStepFormProps, ReviewFormProps } from '@/components/account/thread-form-fields';
import { FormAlert } from './form-alert';
import { readFormDraft } from '@/lib/storage';
import { fillTypedForm, readTypedForm, rowActionOf, type RowAction, type TypedForm } from './typed-form';

type Forms = {
  reply: ReplyFormProps;
  requestStep: RequestStepFormProps;
  proposal: ProposalFormProps;
  review: ReviewFormProps;
  reassign: ReassignFormProps;
  guideCancel: GuideCancelFormProps;
  supportRefund: SupportRefundFormProps;
  tripPrices: TripPricesFormProps;
  openGroups: OpenGroupsFormProps;
  seasons: SeasonsFormProps;
  unavailableRanges: UnavailableRangesFormProps;
};
type Loaded<K extends keyof Forms> = ComponentType<Forms[K] & { typed: TypedForm }>;

// Each form's code (react-hook-form, the fields, the phone field) is a chunk of its own.
const loaders: { [K in keyof Forms]: () => Promise<Loaded<K>> } = {
  reply: () => import('@/components/account/reply-form').then((module) => module.ReplyForm),
  requestStep: () => import('@/components/account/request-step-form').then((module) => module.RequestStepForm),
  proposal: () => import('@/components/account/proposal-form').then((module) => module.ProposalForm),
  review: () => import('@/components/account/review-form').then((module) => module.ReviewForm),
  reassign: () => import('@/components/account/reassign-form').then((module) => module.ReassignForm),
  guideCancel: () => import('@/components/account/guide-cancel-form').then((module) => module.GuideCancelForm),
  supportRefund: () => import('@/components/account/support-refund-form').then((module) => module.SupportRefundForm),
  tripPrices: () => import('@/components/account/trip-prices-form').then((module) => module.TripPricesForm),
  openGroups: () => import('@/components/account/open-groups-form').then((module) => module.OpenGroupsForm),
  seasons: () => import('@/components/account/seasons-form').then((module) => module.SeasonsForm),
  unavailableRanges: () => import('@/components/account/unavailable-ranges-form').then((module) => module.UnavailableRangesForm),
};

type Props<K extends keyof Forms> = { form: K; props: Forms[K]; className?: string; testId: string; children: ReactNode };

/**
 * A form as the server drew it (`children`), usable before its code arrives: that code
 * downloads on the form's first focus, input or submit, then the interactive form takes the HTML's
 * place in one step, with what was typed, the focus and the caret, the rows added or removed, and
 * a submit still to send.
 */
export function DeferredForm<K extends keyof Forms>({ form, props, className, testId, children }: Props<K>) {
  const t = useTranslations('Forms');
  const element = useRef<HTMLFormElement>(null);
  const loading = useRef<Promise<void> | null>(null);
  const submitted = useRef(false);
  // A list's Add and Remove buttons do nothing in the HTML: their clicks wait for the form's code.
  const rowActions = useRef<RowAction[]>([]);
  const [loaded, setLoaded] = useState<{ Form: Loaded<K>; typed: TypedForm } | null>(null);
  const [failed, setFailed] = useState(false);
  // The replacement waits while a pointer is down in the form (a button replaced between press and
  // release gets no click) and while a list has the focus (an open list closes with its element).
  const pressed = useRef(false);
  const waiting = useRef<(() => void) | null>(null);
  const replaceWhenFree = (replace: () => void) => {
    const list = document.activeElement;
    if (pressed.current) waiting.current = () => replaceWhenFree(replace);
    else if (!(list instanceof HTMLSelectElement && element.current?.contains(list))) replace();
    else {
      const once = (event: Event) => {
        list.removeEventListener('change', once);
        list.removeEventListener('blur', once);
        // Left for another field: once the focus is there, so that it stays there.
        if (event.type === 'blur') setTimeout(replace);
        else replace();
      };
      list.addEventListener('change', once);
      list.addEventListener('blur', once);
    }
  };
  const press = () => {
    pressed.current = true;
    const release = () => {
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
      // After the click (and the submit it makes) that follows the release.
      setTimeout(() => {
        pressed.current = false;
        waiting.current?.();
        waiting.current = null;
      });
    };
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
  };
  // A draft of this form kept for the page (the page re-rendered for another traveller count or
  // currency, or was reloaded) goes back in the fields; the interactive form reads it from there.
  useEffect(() => {
    if (element.current) fillTypedForm(element.current, readFormDraft(form, window.location.pathname));
  }, [form]);
  const load = () => {
    loading.current ??= (loaders[form] as () => Promise<Loaded<K>>)().then(
      (Form) =>
        // Read and replaced in one synchronous step: no keystroke can fall between the two.
        replaceWhenFree(() => {
          const typed = readTypedForm(element.current!, submitted.current, rowActions.current);
          flushSync(() => setLoaded({ Form, typed }));
        }),
      () => {
        // Offline: the next focus or submit tries again; a submit says so.
        loading.current = null;
        setFailed(submitted.current);
      },
    );
  };
  if (loaded) {
    // One of the forms, with its own props: TypeScript cannot follow K through the JSX.
    const Form = loaded.Form as unknown as ComponentType<Record<string, unknown>>;
    return <Form {...(props as Record<string, unknown>)} typed={loaded.typed} />;
  }
  return (
    <form
      ref={element}
      className={className}
      noValidate
      data-testid={testId}
      onPointerDown={press}
      onFocus={load}
      onInput={load}
      onClick={(event) => {
        const action = rowActionOf(event.target);
        if (!action) return;
        rowActions.current.push(action);
        // Safari does not focus a button it clicks.
        load();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        submitted.current = true;
        load();
      }}
    >
      {failed ? <FormAlert message={t('errors.retryLater')} /> : null}
      {children}
    </form>
  );
}
