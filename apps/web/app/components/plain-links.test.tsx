import { fireEvent, render, screen } from '@testing-library/react';
import { Link, createRoutesStub, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PlainLink, usePlainLinkClicks } from './plain-links';

/** A shell with plain links, one handler on its container, and the router's location and last kind of navigation. */
function Shell() {
  const onLinkClick = usePlainLinkClicks();
  const location = useLocation();
  return (
    <>
      <nav aria-label="Shell" onClick={onLinkClick}>
        <PlainLink to="/faq">FAQ</PlainLink>
        <PlainLink to="/categories/Dog-Charms?sort=price#grid">Dog charms</PlainLink>
        <PlainLink to="/faq" target="_blank">FAQ in a new tab</PlainLink>
        <a href="https://example.com/elsewhere">Elsewhere</a>
        <Link to="/faq" reloadDocument>
          FAQ as a document
        </Link>
      </nav>
      <output aria-label="Where">{`${location.pathname}${location.search}${location.hash} ${useNavigationType()}`}</output>
    </>
  );
}

function renderShell(at = '/') {
  const Stub = createRoutesStub([{ path: '*', Component: Shell }]);
  render(<Stub initialEntries={[at]} />);
}

const where = () => screen.getByRole('status', { name: 'Where' }).textContent;
/** Clicks as a browser does; false when the handler kept the browser from following the link itself. */
const click = (name: string, init: MouseEventInit = {}) => fireEvent.click(screen.getByRole('link', { name }), { button: 0, ...init });

describe('plain links', () => {
  it('are anchors with the address and a mark of their own', () => {
    renderShell();
    expect(screen.getByRole('link', { name: 'FAQ' }).outerHTML).toBe('<a href="/faq" data-plain-link="">FAQ</a>');
  });

  it('navigate in the app on a plain click, with the query and the fragment, and push a history entry', () => {
    renderShell();
    expect(click('Dog charms')).toBe(false);
    expect(where()).toBe('/categories/Dog-Charms?sort=price#grid PUSH');
  });

  it('replace the entry when the link is to the address shown', () => {
    renderShell('/faq');
    expect(click('FAQ')).toBe(false);
    expect(where()).toBe('/faq REPLACE');
  });

  it('leave to the browser a click with a modifier key, another button, a link to another tab or another site', () => {
    renderShell();
    for (const [name, init] of [
      ['FAQ', { ctrlKey: true }],
      ['FAQ', { metaKey: true }],
      ['FAQ', { shiftKey: true }],
      ['FAQ', { button: 1 }],
      ['FAQ in a new tab', {}],
      ['Elsewhere', {}],
      // A <Link> that loads the document lets its click through; it is not the handler's to take.
      ['FAQ as a document', {}],
    ] as const) {
      expect(click(name, init), name).toBe(true);
    }
    expect(where()).toBe('/ POP');
  });
});
