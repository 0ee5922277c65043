import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../platform/paths';
import { glossary, type GlossaryTermId } from './terms';
import './helpTip.css';

/**
 * A small "?" beside one of the app's words: opens a short explanation and a link to the Glossary. Plain elements
 * (no antd), so it can sit on the budget screens that load without antd. Escape or a click elsewhere closes it.
 */
const POPUP_WIDTH = 280;

export function HelpTip({ term }: { term: GlossaryTermId }) {
  const entry = glossary[term];
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; left: number; width: number } | null>(null);
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // The popover closes, not the dialog or edit mode it sits in.
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && root.current?.contains(event.target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  // Placed under its button in the window's coordinates, so no table cell or scrolling box clips it, and kept
  // inside the window on a phone. A scroll or resize moves it with its button (pages scroll on their own too: a
  // focus moved to a heading, a list refreshed); it closes only once its button has left the window.
  useLayoutEffect(() => {
    if (!open || !button.current) return;
    const anchorTo = button.current;
    const follow = () => {
      const viewport = document.documentElement.clientWidth || window.innerWidth;
      const margin = 8;
      const width = Math.min(POPUP_WIDTH, viewport - 2 * margin);
      const anchor = anchorTo.getBoundingClientRect();
      if (anchor.bottom < 0 || anchor.top > window.innerHeight) {
        setOpen(false);
        return;
      }
      const left = Math.max(margin, Math.min(anchor.left - margin, viewport - margin - width));
      setPlace({ top: anchor.bottom + 6, left, width });
    };
    follow();
    window.addEventListener('resize', follow);
    window.addEventListener('scroll', follow, true);
    return () => {
      window.removeEventListener('resize', follow);
      window.removeEventListener('scroll', follow, true);
    };
  }, [open]);

  return (
    <span className="ec-help" ref={root}>
      <button
        ref={button}
        type="button"
        className="ec-help__button"
        aria-label={`What is "${entry.term}"?`}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        // The "?" is drawn by CSS: the words it sits beside keep their text (a row's or a figure's name stays exact).
        onClick={(event) => {
          // Inside a label or a sortable header, the click is the popover's alone.
          event.preventDefault();
          event.stopPropagation();
          setPlace(null);
          setOpen(!open);
        }}
      />
      {open && (
        <span id={id} role="dialog" aria-label={entry.term} className="ec-help__popup" style={place ?? { visibility: 'hidden' }}>
          <strong className="ec-help__term">{entry.term}</strong>
          <span className="ec-help__text">{entry.short}</span>
          <Link className="ec-help__more" to={paths.glossaryTerm(term)} onClick={() => setOpen(false)}>
            More in the Glossary
          </Link>
        </span>
      )}
    </span>
  );
}
