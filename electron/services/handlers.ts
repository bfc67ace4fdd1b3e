import type { MethodName } from '../api/contract';
import { agreementHandlers } from './agreement/handlers';
import { annotationHandlers } from './annotation/handlers';
import { discussionHandlers } from './annotation/discussionHandlers';
import { peopleHandlers } from './annotation/peopleHandlers';
import { catalogHandlers } from './catalog/handlers';
import { graphHandlers } from './graphs/handlers';
import { judgeHandlers } from './judges/handlers';
import { judgeEvidenceHandlers } from './judges/evidenceHandlers';
import { planHandlers } from './plans/handlers';
import { mappingHandlers } from './mappings/handlers';
import { sopReviewHandlers } from './sopReview/handlers';
import { curationHandlers } from './curation/handlers';
import { inviteHandlers } from './team/handlers';
import type { HandlerTable } from './handlerTypes';

/**
 * A service function per contract method; both transports dispatch through this table. Each
 * feature contributes its share; the type makes a missing method a compile error.
 */
export const handlers: HandlerTable<MethodName> = {
  ...catalogHandlers,
  ...annotationHandlers,
  ...discussionHandlers,
  ...peopleHandlers,
  ...judgeHandlers,
  ...judgeEvidenceHandlers,
  ...planHandlers,
  ...agreementHandlers,
  ...graphHandlers,
  ...mappingHandlers,
  ...sopReviewHandlers,
  ...curationHandlers,
  ...inviteHandlers,
};
