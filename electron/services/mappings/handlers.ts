import type { HandlerTable } from '../handlerTypes';
import { getMapping, listMappings, previewMapping, saveMapping } from './mappings';

/** Import mappings: saved by name, presets beside them, and a preview on a file's first records. */
export const mappingHandlers = {
  'mappings.list': (_args, ctx) => listMappings(ctx),
  'mappings.get': ({ name }, ctx) => getMapping(ctx, name),
  'mappings.save': ({ mapping }, ctx) => saveMapping(ctx, mapping),
  'mappings.preview': (args, ctx) => previewMapping(ctx, args),
} satisfies HandlerTable<'mappings.list' | 'mappings.get' | 'mappings.save' | 'mappings.preview'>;
