import { useEffect, useRef } from 'react';

/**
 * True when a key press belongs to a text field, a select, a contenteditable or an open dialog
 * or menu — not to the page behind it.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('[role="dialog"], [role="menu"], [role="listbox"]')) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'combobox';
}

/**
 * Page-wide keys for stepping through items: `j` / → for next, `k` / ← for previous. Ignored
 * while typing and with modifier keys, so text fields and browser shortcuts keep working.
 */
export function useNavigationKeys(handlers: { next(event: KeyboardEvent): void; previous(event: KeyboardEvent): void }) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === 'j' || event.key === 'ArrowRight') {
        event.preventDefault();
        ref.current.next(event);
      } else if (event.key === 'k' || event.key === 'ArrowLeft') {
        event.preventDefault();
        ref.current.previous(event);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
