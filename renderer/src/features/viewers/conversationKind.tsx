import ConversationViewer from './conversation/ConversationViewer';
import { sessionOf } from './sopSession/sessionPayload';
import SopSessionViewer from './sopSession/SopSessionViewer';
import type { ViewerProps } from './types';

/** The conversation kind's viewer: an Agent-S session (its payload carries one) has its own, every other conversation the transcript. */
export default function ConversationKindViewer(props: ViewerProps) {
  return sessionOf(props.item.payload) ? <SopSessionViewer {...props} /> : <ConversationViewer {...props} />;
}
