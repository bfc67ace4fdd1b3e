import { useEffect, useState } from 'react';
import type { LabelSchema, SchemaIssue } from '../../../../electron/api/labelSchemas';
import { useApi } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';
import { draftToJson } from './schemaDraft';

/** The live verdict on a draft: checking, valid (with the canonical schema), or its issues. */
export type SchemaVerdict =
  | { status: 'checking'; issues: SchemaIssue[] }
  | { status: 'valid'; issues: []; schema: LabelSchema }
  | { status: 'invalid'; issues: SchemaIssue[] };

/**
 * Validates the draft with `schemas.validate` a moment after each change (the service's
 * rules are the only rules, so the editor can never accept a schema a task would refuse).
 * While a check runs, the previous issues stay on screen so fields do not flicker.
 */
export function useSchemaValidation(draft: LabelSchema): SchemaVerdict {
  const api = useApi();
  const [verdict, setVerdict] = useState<SchemaVerdict>({ status: 'checking', issues: [] });
  useEffect(() => {
    let current = true;
    setVerdict((v) => ({ status: 'checking', issues: v.issues }));
    const timer = window.setTimeout(() => {
      api['schemas.validate']({ schema: draftToJson(draft) }).then(
        (result) => current && setVerdict(result.ok ? { status: 'valid', issues: [], schema: result.schema } : { status: 'invalid', issues: result.issues }),
        (error: unknown) => current && setVerdict({ status: 'invalid', issues: [{ path: '', message: messageOf(error) }] }),
      );
    }, 200);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [api, draft]);
  return verdict;
}
