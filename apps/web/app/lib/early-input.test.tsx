import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyInput } from './early-input';
import { START_SCRIPTS_AFTER_PAINT } from './scripts-after-paint';

/** A form with each kind of field, controlled and not, saying what the page's state holds. */
function Form({ onNote }: { onNote: (what: string) => void }) {
  const [email, setEmail] = useState('');
  const [gift, setGift] = useState(false);
  const [font, setFont] = useState('script');
  return (
    <form>
      <input aria-label="Email" type="email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
      <textarea aria-label="Comments" defaultValue="" onChange={(event) => onNote(`comments: ${event.currentTarget.value}`)} />
      <input aria-label="Gift" type="checkbox" checked={gift} onChange={(event) => setGift(event.currentTarget.checked)} />
      {['script', 'block'].map((id) => (
        <input key={id} aria-label={id} type="radio" name="font" value={id} checked={font === id} onChange={() => setFont(id)} />
      ))}
      <select aria-label="State" defaultValue="CA" onChange={(event) => onNote(`state: ${event.currentTarget.value}`)}>
        <option value="CA">California</option>
        <option value="NY">New York</option>
      </select>
      <input aria-label="Untouched" type="text" defaultValue="as served" onChange={() => onNote('untouched changed')} />
      <output>{`email=${email} gift=${gift} font=${font}`}</output>
    </form>
  );
}

// React's act() warns unless the test says it is one (Testing Library's render says so; these tests hydrate by hand).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement | null = null;
afterEach(() => container?.remove());

/** The server's HTML in the page, typed into as a shopper would before the scripts ran, then hydrated. */
async function hydrateAfter(typeEarly: (field: (name: string) => HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement) => void) {
  const notes: string[] = [];
  const onNote = (what: string) => notes.push(what);
  container = document.createElement('div');
  container.innerHTML = renderToString(<Form onNote={onNote} />);
  document.body.append(container);
  const field = (name: string) => container!.querySelector(`[aria-label="${name}"]`) as HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement;
  typeEarly(field);
  await act(async () => {
    hydrateRoot(container!, <Form onNote={onNote} />);
  });
  return { notes, field, state: () => container!.querySelector('output')!.textContent };
}

describe('input made before the page hydrated', () => {
  it('is nothing React hears of by itself: a controlled field’s state stays as served', async () => {
    const page = await hydrateAfter((field) => {
      field('Email').value = 'ann@example.com';
    });
    expect(page.state()).toBe('email= gift=false font=script');
  });

  it('reaches the page’s state and its onChange handlers once replayed, each field as the shopper left it', async () => {
    const page = await hydrateAfter((field) => {
      field('Email').value = 'ann@example.com';
      field('Comments').value = 'Gift wrap, please';
      field('Gift').checked = true;
      field('block').checked = true;
      field('State').value = 'NY';
    });
    let replayed = 0;
    await act(async () => {
      replayed = replayEarlyInput(container!);
    });
    expect(replayed).toBe(5);
    expect(page.state()).toBe('email=ann@example.com gift=true font=block');
    expect(page.notes).toEqual(['comments: Gift wrap, please', 'state: NY']);
    expect(page.field('Email').value).toBe('ann@example.com');
    expect(page.field('block').checked).toBe(true);
    expect(page.field('script').checked).toBe(false);
    expect(page.field('Untouched').value).toBe('as served');
  });

  it('leaves a page nobody typed into as it is, and fires nothing', async () => {
    const onChange = vi.fn();
    const page = await hydrateAfter(() => {});
    container!.addEventListener('input', onChange);
    container!.addEventListener('change', onChange);
    await act(async () => {
      expect(replayEarlyInput(container!)).toBe(0);
    });
    expect(onChange).not.toHaveBeenCalled();
    expect(page.state()).toBe('email= gift=false font=script');
    expect(page.notes).toEqual([]);
  });

  it('keeps an edit to a textarea served with text, which hydration sets back to that text', async () => {
    const Saved = ({ onNote }: { onNote: (what: string) => void }) => (
      <textarea aria-label="Saved" defaultValue="Gift wrap, please" onChange={(event) => onNote(event.currentTarget.value)} />
    );
    const notes: string[] = [];
    container = document.createElement('div');
    container.innerHTML = renderToString(<Saved onNote={(what) => notes.push(what)} />);
    document.body.append(container);
    // The page's starter runs before its scripts and keeps what is typed into each textarea.
    new Function(START_SCRIPTS_AFTER_PAINT)();
    const field = container.querySelector('textarea')!;
    field.value = 'Leave at the back door';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    await act(async () => {
      hydrateRoot(container!, <Saved onNote={(what) => notes.push(what)} />);
    });
    await act(async () => {
      expect(replayEarlyInput(container!)).toBe(1);
    });
    expect(field.value).toBe('Leave at the back door');
    expect(notes).toEqual(['Leave at the back door']);
  });
});
