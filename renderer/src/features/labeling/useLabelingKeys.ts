import { useEffect, useRef } from 'react';
import type { KeyAction, SchemaKeymap } from '../../../../electron/api/labelSchemas';
import { actionForKey } from '../../../../electron/common/labelSchemaRules';
import { isTypingTarget } from '../item/useNavigationKeys';

/**
 * The labeling screen's keyboard: every key of the task's keymap, for the question focused at
 * the moment of the key press. A key it uses is marked handled (`preventDefault`), so a viewer
 * that binds the same key window-wide leaves it alone.
 * Keys typed into a text field stay there (Escape leaves the field); Shift+Tab goes back a
 * question; with Ctrl, Alt or ⌘ the browser keeps its shortcuts.
 */
export function useLabelingKeys(
  keymap: SchemaKeymap | undefined,
  focusedQuestionId: () => string | null,
  onAction: (action: KeyAction) => void,
  enabled = true,
  onLeaveField: (field: HTMLElement) => void = () => {},
) {
  const latest = useRef({ keymap, focusedQuestionId, onAction, onLeaveField });
  latest.current = { keymap, focusedQuestionId, onAction, onLeaveField };
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) {
        if (event.key === 'Escape' && event.target instanceof HTMLElement && !event.target.closest('[role="dialog"]')) {
          event.target.blur();
          latest.current.onLeaveField(event.target);
        }
        return;
      }
      const { keymap: map, focusedQuestionId: focused, onAction: act } = latest.current;
      if (!map) return;
      const action: KeyAction | null = event.key === 'Tab' && event.shiftKey ? { kind: 'previous-question' } : actionForKey(map, focused(), event.key);
      if (!action) return;
      event.preventDefault();
      act(action);
    };
    // On the document, not the window: after the focused element's own handlers (Enter on a
    // button), but before a viewer's window-wide keys, so the labeling keys (`]`, `f`…) win.
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
