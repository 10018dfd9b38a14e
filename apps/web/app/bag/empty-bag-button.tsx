import { useRef } from 'react';
import { Form, Link, useFetcher } from 'react-router';
import { BagFormFields } from './bag-form-fields';
import { LINE_FORMS } from './bag-keys';

/** What emptying would take away. */
const takenOut = (count: number) => (count === 1 ? 'The item in your bag will be taken out.' : `All ${count} items in your bag will be taken out.`);

/**
 * Empty bag asks first. The button is a GET to /order?empty=ask, which (without JavaScript) shows the question on
 * the page; with JavaScript it opens the same question in a modal <dialog> instead (the browser's own: focus kept
 * inside, Escape answers "Keep my bag", focus back on the button after), with the safe answer focused.
 */
export function EmptyBagButton({ itemCount }: { itemCount: number }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const fetcher = useFetcher({ key: LINE_FORMS });
  function ask(event: React.FormEvent<HTMLFormElement>) {
    if (typeof dialog.current?.showModal !== 'function') return; // No <dialog>: the question page.
    event.preventDefault();
    dialog.current.showModal();
    keep.current?.focus();
  }
  return (
    <>
      <Form method="get" action="/order" className="bag-empty-form" onSubmit={ask}>
        <input type="hidden" name="empty" value="ask" />
        <button type="submit" className="link-button">
          Empty bag
        </button>
      </Form>
      <dialog ref={dialog} className="bag-dialog" aria-labelledby="empty-bag-dialog-title" aria-describedby="empty-bag-dialog-text">
        <h2 id="empty-bag-dialog-title">Empty your bag?</h2>
        <p id="empty-bag-dialog-text">{takenOut(itemCount)}</p>
        <fetcher.Form method="post" action="/order" preventScrollReset className="bag-dialog__actions" onSubmit={() => dialog.current?.close()}>
          <BagFormFields intent="empty" />
          <button type="submit" className="button button--primary">
            Yes, empty it
          </button>
          <button type="button" ref={keep} className="button button--secondary" onClick={() => dialog.current?.close()}>
            Keep my bag
          </button>
        </fetcher.Form>
      </dialog>
    </>
  );
}

/** The same question as a part of the page (/order?empty=ask), for browsers without JavaScript. */
export function EmptyBagQuestion({ itemCount }: { itemCount: number }) {
  const fetcher = useFetcher({ key: LINE_FORMS });
  return (
    <section className="bag-question" aria-labelledby="empty-bag-question-title">
      <h2 id="empty-bag-question-title">Empty your bag?</h2>
      <p>{takenOut(itemCount)}</p>
      <fetcher.Form method="post" action="/order" className="bag-dialog__actions">
        <BagFormFields intent="empty" />
        <button type="submit" className="button button--primary">
          Yes, empty it
        </button>
        <Link to="/order" className="button button--secondary" replace>
          Keep my bag
        </Link>
      </fetcher.Form>
    </section>
  );
}
