import { OtherFieldsJson, otherFieldCount } from '../../OtherFields';
import { InspectorSection } from './InspectorSection';

/** Source fields the model does not know, kept on import (DESIGN.md §3), as JSON text in a section of the inspector. */
export function ExtraFields({ extra }: { extra: Record<string, unknown> }) {
  const count = otherFieldCount(extra);
  if (count === 0) return null;
  return (
    <InspectorSection title="Other fields" count={count}>
      <OtherFieldsJson extra={extra} />
    </InspectorSection>
  );
}
