import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { parseUnit } from '../../common/units';
import { useUnitParam } from '../../common/useUnitParam';
import { browserHref, parseBrowseParams, positionOf } from '../items/browseParams';
import { useItem } from './useItem';
import { useItemNeighbours } from './useItemNeighbours';
import { useSteppingKeys } from './useSteppingKeys';

/**
 * Everything the item page reads from its URL — `#/items/:id?unit=…&at=…` plus the browser
 * state — and does with it: load the item, find its neighbours, bind the keys, select units.
 */
export function useItemRoute() {
  const params = useParams();
  const [search] = useSearchParams();
  const parsed = Number(params.id);
  const id = Number.isInteger(parsed) && parsed > 0 ? parsed : null;
  const browse = useMemo(() => parseBrowseParams(search), [search]);
  const position = positionOf(search);
  const item = useItem(id);
  const neighbours = useItemNeighbours(id, browse, position);
  const [unitText, selectUnit] = useUnitParam();
  const unit = useMemo(() => parseUnit(unitText), [unitText]);

  const steps = useSteppingKeys(id, neighbours);

  return { id, item, neighbours, steps, unit, unitText, selectUnit, backHref: browserHref(browse, neighbours.position) };
}
