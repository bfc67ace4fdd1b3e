import { Box } from '@mui/material';
import { useMemo, useRef } from 'react';
import type { JudgeDefinition, PlaceholderInfo } from '../../../../../electron/api/contract';
import { PlaceholderPalette } from './PlaceholderPalette';
import { TemplateField } from './TemplateField';
import { templateTokens, unknownPlaceholders } from './templateTokens';

interface Props {
  draft: JudgeDefinition;
  placeholders: PlaceholderInfo[];
  onChange(template: JudgeDefinition['template']): void;
}

type Part = 'system' | 'user';

/** The prompt: system and user templates with their placeholders highlighted, and the placeholders to insert. */
export function PromptEditor({ draft, placeholders, onChange }: Props) {
  const names = useMemo(() => new Set(placeholders.map((p) => p.name)), [placeholders]);
  const fields = { system: useRef<HTMLTextAreaElement>(null), user: useRef<HTMLTextAreaElement>(null) };
  const lastFocused = useRef<Part>('user');
  const used = useMemo(() => {
    const all = [...templateTokens(draft.template.system, names), ...templateTokens(draft.template.user, names)];
    return new Set(all.flatMap((t) => (t.kind === 'placeholder' ? [t.name] : [])));
  }, [draft.template, names]);

  const insert = (name: string) => {
    const part = lastFocused.current;
    const field = fields[part].current;
    const text = draft.template[part];
    const start = field?.selectionStart ?? text.length;
    const end = field?.selectionEnd ?? text.length;
    const snippet = `{{${name}}}`;
    onChange({ ...draft.template, [part]: text.slice(0, start) + snippet + text.slice(end) });
    // Put the cursor after the inserted placeholder once React has rendered the new text.
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + snippet.length, start + snippet.length);
    });
  };

  const problem = (text: string) => {
    const unknown = unknownPlaceholders(text, names);
    return unknown.length > 0 ? `Unknown placeholder${unknown.length > 1 ? 's' : ''}: ${unknown.map((n) => `{{${n}}}`).join(', ')}` : null;
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 320px' }, gap: 3, alignItems: 'start' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
        <TemplateField
          ref={fields.system}
          label="System message"
          value={draft.template.system}
          names={names}
          onFocus={() => (lastFocused.current = 'system')}
          onChange={(system) => onChange({ ...draft.template, system })}
          error={problem(draft.template.system)}
        />
        <TemplateField
          ref={fields.user}
          label="User message"
          value={draft.template.user}
          names={names}
          onFocus={() => (lastFocused.current = 'user')}
          onChange={(user) => onChange({ ...draft.template, user })}
          error={problem(draft.template.user)}
        />
      </Box>
      <Box>
        <PlaceholderPalette placeholders={placeholders} kinds={draft.kinds} used={used} onInsert={insert} />
      </Box>
    </Box>
  );
}
