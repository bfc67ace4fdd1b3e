// `npm run schema:types`: writes db/sql/schema.ts, the table types of the query layer, from the migrations.
import fs from 'node:fs';
import { SCHEMA_TYPES_FILE, schemaTypesSource } from '../../db/sql/schemaTypes';

fs.writeFileSync(SCHEMA_TYPES_FILE, schemaTypesSource());
console.log(`wrote ${SCHEMA_TYPES_FILE}`);
