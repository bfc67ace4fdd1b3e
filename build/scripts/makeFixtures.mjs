// Writes fixtures/, the demo dataset `npm start` opens on. Deterministic: rerunning it
// rewrites the same bytes. Usage: node build/scripts/makeFixtures.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { damagedItemGraph, passwordResetGraph, rebookFlightLines } from './fixtures/graphs.mjs';
import { generatedPlanRows, planRecords } from './fixtures/plans.mjs';
import { chatRecord, conversationSpecs, eventLines, rolesRecord } from './fixtures/conversations.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');
fs.mkdirSync(root, { recursive: true });
const write = (name, text) => fs.writeFileSync(path.join(root, name), text);
const csvCell = (v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

write('graph-damaged-item.json', `${JSON.stringify(damagedItemGraph, null, 2)}\n`);
write('graph-password-reset.json', `${JSON.stringify(passwordResetGraph, null, 2)}\n`);
write('graph-rebook-flight.txt', rebookFlightLines);
write('plans.jsonl', planRecords().map((r) => JSON.stringify(r)).join('\n') + '\n');
write('plans-generated.csv', generatedPlanRows().map((row) => row.map(csvCell).join(',')).join('\n') + '\n');

const specs = conversationSpecs();
const chat = specs.filter((_, i) => i < 30);
const roles = specs.filter((_, i) => i >= 30 && i < 34);
const events = specs.filter((_, i) => i >= 34);
write('conversations.jsonl', chat.map((s) => JSON.stringify(chatRecord(s))).join('\n') + '\n');
write('conversations-roles.json', `${JSON.stringify(roles.map(rolesRecord), null, 2)}\n`);
events.forEach((spec, k) => write(`trajectory-${spec.id}.jsonl`, eventLines(spec, 91000 + k)));
console.log(`fixtures written to ${root}`);
