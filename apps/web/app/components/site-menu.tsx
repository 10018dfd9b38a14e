import type { MenuItem } from '@charms/contracts/menu';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { MENU_PICTURE_SIZE, menuPictureUrl } from './menu-images';
import { PlainLink } from './plain-links';

/** Children above this number are laid out in several columns (spec section 9). */
export const MULTI_COLUMN_ABOVE = 10;

/** How long a dropdown opened by hovering stays open after the pointer leaves it: the pointer may be on its way back. */
export const HOVER_CLOSE_DELAY_MS = 200;

/** Dropdowns open on hover only where the menu is a bar (not behind the phone toggle) and with a mouse. */
const HOVER_MEDIA = '(min-width: 901px) and (hover: hover)';

/**
 * The main menu (WAI disclosure navigation): items without children are links; items with children are buttons
 * that open a list of links. Keyboard: Enter/Space open, ArrowDown opens and enters, ArrowUp/ArrowDown/Home/End
 * move within a list, ArrowLeft/ArrowRight move between top items, Escape closes and returns focus. On small
 * screens the whole menu collapses behind a toggle; everything closes after each navigation. On a wide screen with a
 * mouse a dropdown also opens on hover, and closes a moment after the pointer leaves both its button and its panel.
 */
export function SiteMenu({ items }: { items: readonly MenuItem[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const baseId = useId();
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The dropdown the pointer opened: a click on its button then keeps it open instead of closing it at once.
  const hoverOpened = useRef<number | null>(null);

  const cancelClose = () => clearTimeout(closeTimer.current);
  useEffect(() => cancelClose, []);

  useEffect(() => {
    setOpenIndex(null);
    setMobileOpen(false);
  }, [location.key]);

  const onItemPointerEnter = (event: React.PointerEvent, index: number) => {
    if (event.pointerType !== 'mouse' || !window.matchMedia(HOVER_MEDIA).matches) return;
    cancelClose();
    if (openIndex !== index) {
      hoverOpened.current = index;
      setOpenIndex(index);
    }
  };

  const onItemPointerLeave = (event: React.PointerEvent, index: number) => {
    if (event.pointerType !== 'mouse' || hoverOpened.current !== index) return;
    cancelClose();
    closeTimer.current = setTimeout(() => {
      hoverOpened.current = null;
      setOpenIndex((current) => (current === index ? null : current));
    }, HOVER_CLOSE_DELAY_MS);
  };

  const onButtonClick = (index: number) => {
    cancelClose();
    if (hoverOpened.current === index && openIndex === index) {
      // Opened by hovering: the click says "keep it", not "close it".
      hoverOpened.current = null;
      return;
    }
    hoverOpened.current = null;
    setOpenIndex(openIndex === index ? null : index);
  };

  useEffect(() => {
    if (openIndex === null && !mobileOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (navRef.current && !navRef.current.contains(event.target as Node)) {
        setOpenIndex(null);
        setMobileOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openIndex, mobileOpen]);

  const topControls = () => Array.from(navRef.current?.querySelectorAll<HTMLElement>('[data-menu-top]') ?? []);
  const panelLinks = (index: number) =>
    Array.from(document.getElementById(`${baseId}-panel-${index}`)?.querySelectorAll<HTMLElement>('a') ?? []);

  const moveTop = (from: HTMLElement, step: number) => {
    const controls = topControls();
    const next = controls[(controls.indexOf(from) + step + controls.length) % controls.length];
    next?.focus();
  };

  const onTopKeyDown = (event: React.KeyboardEvent<HTMLElement>, index: number, hasChildren: boolean) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      if (openIndex !== null) setOpenIndex(null);
      moveTop(event.currentTarget, event.key === 'ArrowRight' ? 1 : -1);
    } else if (event.key === 'ArrowDown' && hasChildren) {
      event.preventDefault();
      setOpenIndex(index);
      // The panel renders on the next frame.
      requestAnimationFrame(() => panelLinks(index)[0]?.focus());
    } else if (event.key === 'Escape') {
      setOpenIndex(null);
    }
  };

  const onPanelKeyDown = (event: React.KeyboardEvent<HTMLUListElement>, index: number) => {
    const links = panelLinks(index);
    const at = links.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => links[(i + links.length) % links.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(at + 1);
    else if (event.key === 'ArrowUp') focusAt(at - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(links.length - 1);
    else if (event.key === 'Escape') {
      setOpenIndex(null);
      document.getElementById(`${baseId}-button-${index}`)?.focus();
    } else return;
    event.preventDefault();
  };

  const onItemBlur = (event: React.FocusEvent<HTMLLIElement>, index: number) => {
    if (openIndex === index && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpenIndex(null);
  };

  return (
    <nav aria-label="Main" className="site-menu" ref={navRef}>
      <button
        type="button"
        className="site-menu__toggle"
        aria-expanded={mobileOpen}
        aria-controls={`${baseId}-list`}
        onClick={() => setMobileOpen((open) => !open)}
      >
        <span aria-hidden="true" className="site-menu__burger" />
        Menu
      </button>
      <ul id={`${baseId}-list`} className={`site-menu__list${mobileOpen ? ' is-open' : ''}`}>
        {items.map((item, index) => {
          if (item.children.length === 0) {
            return (
              <li key={item.id} className="site-menu__item">
                <PlainLink to={item.link} className="site-menu__top" data-menu-top="" onKeyDown={(event) => onTopKeyDown(event, index, false)}>
                  {item.name}
                </PlainLink>
              </li>
            );
          }
          const open = openIndex === index;
          const panelId = `${baseId}-panel-${index}`;
          const parentListed = item.children.some((child) => child.link === item.link);
          const wide = item.children.length > MULTI_COLUMN_ABOVE;
          return (
            <li
              key={item.id}
              className={`site-menu__item has-children${wide ? ' is-wide' : ''}`}
              onBlur={(event) => onItemBlur(event, index)}
              onPointerEnter={(event) => onItemPointerEnter(event, index)}
              onPointerLeave={(event) => onItemPointerLeave(event, index)}
            >
              <button
                type="button"
                id={`${baseId}-button-${index}`}
                className="site-menu__top"
                data-menu-top=""
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onButtonClick(index)}
                onKeyDown={(event) => onTopKeyDown(event, index, true)}
              >
                {item.name}
                <span aria-hidden="true" className="site-menu__chevron" />
              </button>
              <ul
                id={panelId}
                className={`site-menu__panel${wide ? ' site-menu__panel--columns' : ''}${open ? ' is-open' : ''}`}
                onKeyDown={(event) => onPanelKeyDown(event, index)}
              >
                {parentListed ? null : (
                  <li className="site-menu__all">
                    <PlainLink to={item.link}>All {item.name.toLowerCase()}</PlainLink>
                  </li>
                )}
                {item.children.map((child) => {
                  const picture = wide ? null : menuPictureUrl(child.imageName);
                  return (
                    <li key={child.link}>
                      <PlainLink to={child.link} className={picture ? 'site-menu__pictured' : undefined}>
                        {picture ? (
                          // Decorative: the name beside it says where the link goes. Lazy, so only an opened panel loads it.
                          <img src={picture} alt="" width={MENU_PICTURE_SIZE} height={MENU_PICTURE_SIZE} loading="lazy" decoding="async" className="site-menu__picture" />
                        ) : null}
                        {child.name}
                      </PlainLink>
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
