// A fake OpenAI-compatible endpoint in a process of its own, so that a benchmark measures the
// client's overhead rather than the server's: `node --import tsx fakeServerProcess.ts LATENCY_MS`.
// Answers the plan-quality judge per item; tells its base URL, then its request count on
// request, over the IPC channel.
import { startFakeOpenAiServer } from './fakeOpenAiServer';
import { answerPlanQuality } from './judgeFixtures';

const latencyMs = Number(process.argv[2] ?? 0);
const server = await startFakeOpenAiServer({ respond: answerPlanQuality, latencyMs });
process.send!({ type: 'ready', baseUrl: server.baseUrl });
process.on('message', async (message: { type: string }) => {
  if (message.type === 'count') process.send!({ type: 'count', requests: server.requests.length });
  if (message.type === 'close') {
    await server.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
