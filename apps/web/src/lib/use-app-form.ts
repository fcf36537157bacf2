// Every form of the app is a useAppForm (lib/use-app-form.test.ts walks the source and fails on a
// useForm anywhere else). It is react-hook-form's useForm with one rule added (issue 53 point 1):
// a validation error the user cannot see is a bug. "Onboard client" once did nothing for a
// prepaid client: the credit limit, shown only for postpaid, failed validation while hidden, so
// the button sent nothing and said nothing. Here, once a refused submit has rendered its
// messages, each error whose message is not visible on the page is shown as an error toast and
// logged (the browser class test fails on the log); the form then never fails silently.

import { useEffect, useState } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  type SubmitErrorHandler,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import toast from 'react-hot-toast';

/** What the logged line starts with (for a browser test to fail on). */
export const UNSEEN_ERROR_LOG = '[form] a validation error on a field the user cannot see';

/** Every error of the tree with its path ("creditLimit", "rows.0.amount"). */
export function errorList(errors: FieldErrors, prefix = ''): Array<{ path: string; message: string }> {
  const out: Array<{ path: string; message: string }> = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = key === 'root' && prefix ? prefix.slice(0, -1) : `${prefix}${key}`;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) out.push({ path, message });
    else if (key !== 'ref') out.push(...errorList(value as FieldErrors, `${path}.`));
  }
  return out;
}

/**
 * Whether the element is shown: the browser's own answer where it has one (display, visibility,
 * content-visibility, a closed <details>), else (a DOM without layout, as in unit tests) whether
 * it is in the document outside anything hidden.
 */
function shown(el: Element): boolean {
  const check = (el as Element & { checkVisibility?: (o?: object) => boolean }).checkVisibility;
  if (typeof check === 'function') return check.call(el, { checkVisibilityCSS: true, checkOpacity: true });
  return el.isConnected && !el.closest('[hidden], [aria-hidden="true"]');
}

/** Whether `message` is written somewhere visible inside `root` (the form, else the page). */
function messageShown(root: ParentNode, message: string): boolean {
  const walker = document.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.textContent?.includes(message) && n.parentElement && shown(n.parentElement)) return true;
  }
  return false;
}

type Refusal = { errors: FieldErrors; form: Element | null };

/** Reports each error of a refused submit whose message is nowhere visible (see above). */
function reportUnseen({ errors, form }: Refusal) {
  const root: ParentNode = form?.isConnected ? form : document;
  for (const { path, message } of errorList(errors)) {
    if (messageShown(root, message)) continue;
    console.error(`${UNSEEN_ERROR_LOG}: ${path}: ${message}`);
    toast.error(message, { id: `unseen-${path}` });
  }
}

/** react-hook-form's useForm, whose refused submits never hide their reason (see above). */
export function useAppForm<
  TFieldValues extends FieldValues = FieldValues,
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's own default
  TContext = any,
  TTransformedValues = TFieldValues,
>(
  props?: UseFormProps<TFieldValues, TContext, TTransformedValues>,
): UseFormReturn<TFieldValues, TContext, TTransformedValues> {
  const form = useForm<TFieldValues, TContext, TTransformedValues>(props);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // After the render that shows the refusal's messages: only then is "not visible" known.
  useEffect(() => {
    if (refusal) reportUnseen(refusal);
  }, [refusal]);
  const handleSubmit: typeof form.handleSubmit = (onValid, onInvalid) =>
    form.handleSubmit(onValid, ((errors, event) => {
      const target = event?.target;
      setRefusal({ errors, form: target instanceof Element ? (target.closest('form') ?? target) : null });
      return onInvalid?.(errors, event);
    }) as SubmitErrorHandler<TFieldValues>);
  return { ...form, handleSubmit };
}
