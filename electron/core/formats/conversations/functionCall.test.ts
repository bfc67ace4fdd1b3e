import { describe, expect, it } from 'vitest';
import { parseJsonText } from '../json';
import { readMessageConversation } from './conversationRecord';
import type { Conversation } from './model';
import { reactAction } from './reactAction';
import { validateConversation } from './validateConversation';

const read = (record: unknown): Conversation =>
  readMessageConversation(record, { sourceFormat: 'conversations-chat-jsonl', line: 3, fallbackId: 'f' });
const findings = (conversation: Conversation): [string, string, number | undefined, string][] =>
  validateConversation(conversation).map((f) => [f.validator, f.severity, f.location?.turn, f.message]);

const fnCall = (name: string, args: string, content: string | null = null) => ({ role: 'assistant', content, function_call: { name, arguments: args } });
const fnOutput = (name: string | null, content: string) => (name === null ? { role: 'function', content } : { role: 'function', name, content });

describe("the OpenAI API's older function calling (function_call / role function)", () => {
  it('reads function_call as a tool call and a function message as its output, paired, and scores them', () => {
    const conversation = read({
      id: 'tb-1',
      messages: [
        { role: 'user', content: 'status of order 4411?' },
        fnCall('getorder', '{\n  "order_id": 4411\n}', 'Thought: call API'),
        fnOutput('getorder', '{"error": "", "response": "shipped"}'),
        fnCall('Finish', '{"return_type": "give_answer", "final_answer": "shipped"}'),
      ],
      expected_tool_trace: [{ name: 'getorder', arguments: { order_id: 4411 } }],
    });
    expect(conversation.turns.map((t) => [t.role, t.sourceRole, t.sourceIndex])).toEqual([
      ['user', 'user', 0],
      // The text beside the call is the assistant's turn, the call its own turn after it.
      ['assistant', 'assistant', 1],
      ['tool_call', 'assistant', 1],
      ['tool_output', 'function', 2],
      // ToolBench's Finish is the agent's final answer (see the tests of Finish below).
      ['assistant', 'assistant', 3],
    ]);
    expect(conversation.turns[1].text).toBe('Thought: call API');
    expect(conversation.turns[2]).toMatchObject({ call: { id: null, name: 'getorder', arguments: { order_id: 4411 }, outputTurn: 3 } });
    expect(conversation.turns[3]).toMatchObject({
      output: { callId: null, name: 'getorder', content: { error: '', response: 'shipped' }, contentIsJson: true, callTurn: 2 },
    });
    expect(conversation.turns[4].text).toBe('shipped');
    expect(conversation.actualTrace).toEqual([
      // `error: ""` is no failure (outputFailed), so the call is not marked failed.
      { name: 'getorder', arguments: { order_id: 4411 }, turn: 2 },
    ]);
    expect(findings(conversation)).toEqual([]);
    // Gold [getorder{4411}], actual [getorder{4411}]: P = R = 1/1, and Finish is no extra call.
    expect(conversation.expectedTrace).toHaveLength(1);
  });

  it('keeps integers beyond 2^53 in the arguments exact', () => {
    const record = parseJsonText(
      '{"messages": [{"role": "assistant", "content": null, "function_call": {"name": "refund", "arguments": "{\\"order_id\\": 9007199254740993}"}}]}',
    );
    const conversation = read(record);
    // 2^53 + 1 = 9007199254740993 is not a double; kept as written.
    expect(String((conversation.actualTrace[0].arguments as Record<string, unknown>).order_id)).toBe('9007199254740993');
  });

  it('keeps bad argument text with its error, and unknown fields of function_call', () => {
    const conversation = read({ messages: [{ role: 'assistant', content: null, function_call: { name: 'A', arguments: '{oops', thoughts: 't' }, refusal: null }] });
    expect(conversation.turns).toHaveLength(1);
    expect(conversation.turns[0]).toMatchObject({
      role: 'tool_call',
      call: { name: 'A', arguments: null, rawArguments: '{oops', argumentsError: expect.stringMatching(/^invalid JSON/) },
      extra: { refusal: null, thoughts: 't' },
    });
  });

  it('pairs a function output with the open call of its name, not merely the earliest', () => {
    const conversation = read({
      messages: [fnCall('A', '{}'), fnCall('B', '{}'), fnOutput('B', '"b"'), fnOutput('A', '"a"')],
    });
    expect(conversation.turns.map((t) => (t.role === 'tool_output' ? t.output.callTurn : null))).toEqual([null, null, 1, 0]);
    expect(findings(conversation)).toEqual([]);
  });

  it('flags a function output with no open call as an orphan, and one whose name matches no open call', () => {
    const orphan = read({ messages: [{ role: 'user', content: 'x' }, fnOutput('A', 'r')] });
    expect(findings(orphan)).toEqual([['conversation-orphan-tool-output', 'error', 1, 'tool output with no unanswered tool call before it']]);
    // Paired in order with the only open call, and the differing name said.
    const mismatch = read({ messages: [fnCall('A', '{}'), fnOutput('B', 'r')] });
    expect(mismatch.turns[1]).toMatchObject({ output: { callTurn: 0 } });
    expect(findings(mismatch)).toEqual([
      ['conversation-tool-output-name-mismatch', 'warning', 1, "tool output of 'B' answers the call 'A' at turn 0 (paired in order: no open call of 'B')"],
    ]);
  });

  it('keeps a function_call where no call can be, on a user, function or unknown-role message', () => {
    const stray = { name: 'A', arguments: '{}' };
    const conversation = read({
      messages: [
        { role: 'user', content: 'x', function_call: stray },
        { role: 'function', name: 'A', content: 'r', function_call: stray },
        { role: 'critic', content: 'y', function_call: stray },
      ],
    });
    expect(conversation.turns.map((t) => [t.role, t.extra])).toEqual([
      ['user', { function_call: stray }],
      ['tool_output', { function_call: stray }],
      ['other', { function_call: stray }],
    ]);
    expect(conversation.actualTrace).toEqual([]);
  });

  it('rejects a function_call of the wrong shape, naming the field', () => {
    expect(() => read({ messages: [{ role: 'assistant', function_call: 'A()' }] })).toThrow('messages[0].function_call: expected an object, found "A()"');
    expect(() => read({ messages: [{ role: 'assistant', function_call: { arguments: '{}' } }] })).toThrow('messages[0].function_call.name: expected a string, found nothing');
  });
});

describe('calls written as ReAct text (ToolLLaMA)', () => {
  it('reads Action / Action Input lines as a tool call, the text before them as the assistant turn', () => {
    const text = '\nThought: I should call the order API.\nAction: getorder\nAction Input: {\n  "order_id": 4411\n}';
    const conversation = read({
      messages: [
        { role: 'user', content: 'status of 4411?' },
        { role: 'assistant', content: text },
        fnOutput(null, '{"error": "", "response": "shipped"}'),
        { role: 'assistant', content: '\nThought: \nAction: Finish\nAction Input: {"return_type": "give_answer", "final_answer": "shipped"}' },
      ],
    });
    expect(conversation.turns.map((t) => [t.role, t.sourceIndex, t.text])).toEqual([
      ['user', 0, 'status of 4411?'],
      ['assistant', 1, '\nThought: I should call the order API.'],
      ['tool_call', 1, 'Action: getorder\nAction Input: {\n  "order_id": 4411\n}'],
      ['tool_output', 2, null],
      ['assistant', 3, '\nThought: '],
      // ToolBench's Finish: the final answer, the message as written kept beside it.
      ['assistant', 3, 'shipped'],
    ]);
    expect(conversation.turns[5].extra).toEqual({ content: '\nThought: \nAction: Finish\nAction Input: {"return_type": "give_answer", "final_answer": "shipped"}' });
    // Nothing of the text is lost: the assistant turn, a line break, the call as written.
    expect(`${conversation.turns[1].text}\n${conversation.turns[2].text}`).toBe(text);
    expect(conversation.turns[3]).toMatchObject({ output: { callTurn: 2 } });
    expect(conversation.actualTrace.map((c) => [c.name, c.arguments])).toEqual([['getorder', { order_id: 4411 }]]);
    expect(findings(conversation)).toEqual([]);
  });

  it('reads only the two-line form, and says the call was not read when a function output follows other text', () => {
    expect(reactAction('I will use Action: lookup now.')).toBeNull();
    expect(reactAction('Action: lookup\nThen Action Input: {}')).toBeNull();
    expect(reactAction('Action: \nAction Input: {}')).toBeNull();
    expect(reactAction('Action: a\nAction Input: 1\nAction: b\r\nAction Input:{"x": 2}')).toEqual({
      before: 'Action: a\nAction Input: 1',
      written: 'Action: b\r\nAction Input:{"x": 2}',
      name: 'b',
      input: '{"x": 2}',
    });
    const conversation = read({
      messages: [{ role: 'user', content: 'x' }, { role: 'assistant', content: 'Thought: call getorder(4411)' }, fnOutput(null, 'shipped')],
    });
    expect(conversation.actualTrace).toEqual([]);
    expect(findings(conversation)).toEqual([
      [
        'conversation-orphan-tool-output',
        'error',
        2,
        'tool output with no unanswered tool call before it; its call was not read: the assistant message at turn 1 holds no call Accord reads ' +
          "(in text, a call is read only as an 'Action: name' line, the name without spaces, followed by an 'Action Input: {…}' line " +
          'with nothing after the input)',
      ],
    ]);
  });

  it('keeps prose about the form as text: a name with spaces, or a scratchpad that goes on after the input', () => {
    // An assistant explaining the form (the repro): before, a call named 'the tool name' and 2 errors.
    const explained = 'It writes two lines, one after the other:\nAction: the tool name\nAction Input: the input to the tool';
    // A LangChain scratchpad kept in one message (the repro): before, its final answer went into the call's raw arguments.
    const scratchpad =
      'Thought: I should look the weather up.\nAction: search\nAction Input: weather Paris\nObservation: Paris is sunny, 18C.\n' +
      'Thought: I now know the final answer.\nFinal Answer: It is 18C and sunny in Paris.';
    for (const text of [explained, scratchpad]) {
      const conversation = read({ messages: [{ role: 'user', content: 'How?' }, { role: 'assistant', content: text }] });
      expect(conversation.turns.map((t) => [t.role, t.text])).toEqual([
        ['user', 'How?'],
        ['assistant', text],
      ]);
      expect(conversation.actualTrace).toEqual([]);
      expect(findings(conversation)).toEqual([]);
    }
    // A name with spaces is no tool's, even with JSON input and an output after it: the text is
    // kept whole, and the output says its call was not read.
    const spaced = 'Thought: look it up\nAction: look up order\nAction Input: {"order_id": 4411}';
    const conversation = read({ messages: [{ role: 'assistant', content: spaced }, fnOutput(null, 'shipped')] });
    expect(conversation.turns.map((t) => [t.role, t.text])).toEqual([
      ['assistant', spaced],
      ['tool_output', null],
    ]);
    expect(conversation.actualTrace).toEqual([]);
    expect(findings(conversation).map((f) => f[0])).toEqual(['conversation-orphan-tool-output']);
    expect(findings(conversation)[0][3]).toMatch(/its call was not read: .* the name without spaces, .* with nothing after the input\)$/);
  });

  it('reads a call only where the input is all that follows the Action Input line', () => {
    const call = (input: string) => reactAction(`Thought: x\nAction: search\nAction Input: ${input}`);
    // The input to the end: JSON over several lines (brackets in strings do not count), or one line.
    expect(call('{\n  "q": "a}b\\"]",\n  "n": [1, {"m": 2}]\n}\n  ')?.input).toBe('{\n  "q": "a}b\\"]",\n  "n": [1, {"m": 2}]\n}\n  ');
    expect(call('weather Paris\n')?.input).toBe('weather Paris\n');
    // Broken JSON that never closes runs to the end (its error is said once read) unless a
    // scratchpad part starts on a later line.
    expect(call('{"q": "Paris",\n"n": 1')?.input).toBe('{"q": "Paris",\n"n": 1');
    expect(call('{"q": "Paris"\nObservation: sunny')).toBeNull();
    // Text after the input: not read, so nothing is swallowed into the arguments.
    expect(call('{"q": "Paris"}\nI will wait for the result.')).toBeNull();
    expect(call('{"q": "Paris"\n}}')).toBeNull();
    expect(call('weather Paris\nObservation: sunny\nFinal Answer: sunny')).toBeNull();
    // Names: letters, digits, _ . - only.
    expect(call('{}')?.name).toBe('search');
    expect(reactAction('Action: api.v2_get-order\nAction Input: {}')?.name).toBe('api.v2_get-order');
    expect(reactAction('Action: get order\nAction Input: {}')).toBeNull();
    expect(reactAction('Action: search(q)\nAction Input: {}')).toBeNull();
  });

  it('reads a well-formed action as a call only when the conversation shows it is one', () => {
    const action = 'Thought: look it up\nAction: getorder\nAction Input: {"order_id": 4411}';
    const system = (content: string) => ({ role: 'system', content });
    const declares = "Specifically, you have access to the following APIs: [{'name': 'getorder', 'description': 'Get an order'}]";
    const shape = (messages: unknown[]) => {
      const conversation = read({ messages });
      return [conversation.actualTrace.map((c) => [c.name, c.turn]), findings(conversation).map((f) => [f[0], f[2]])];
    };
    // Nothing shows it: an example followed by the user, or last with no tool of its name declared.
    expect(shape([{ role: 'assistant', content: action }, { role: 'user', content: 'thanks' }])).toEqual([[], []]);
    expect(shape([system('Tools: [{"name": "getorders"}]'), { role: 'assistant', content: action }])).toEqual([[], []]);
    // Declared, but not last (a ToolLLaMA call is answered, or ends the record): text.
    expect(shape([system(declares), { role: 'assistant', content: action }, { role: 'user', content: 'ok' }])).toEqual([[], []]);
    // An output after it that names another tool is not its output: text, and the output an orphan.
    expect(shape([{ role: 'assistant', content: action }, fnOutput('search', 'x')])).toEqual([[], [['conversation-orphan-tool-output', 1]]]);
    // Its output next (function or tool role, or a function output naming it): a call, answered.
    expect(shape([{ role: 'assistant', content: action }, fnOutput('getorder', 'shipped')])).toEqual([[['getorder', 1]], []]);
    expect(shape([{ role: 'assistant', content: action }, { role: 'tool', content: 'shipped' }])).toEqual([[['getorder', 1]], []]);
    // ToolLLaMA's training prefix: last, the system prompt's API list declares it (Python's or
    // JSON's quoting); its missing output is said.
    const unanswered = [[['getorder', 2]], [['conversation-unanswered-tool-call', 2]]];
    expect(shape([system(declares), { role: 'assistant', content: action }])).toEqual(unanswered);
    expect(shape([system('Tools: [{"name": "getorder"}]'), { role: 'assistant', content: action }])).toEqual(unanswered);
  });

  it('keeps input that is not JSON as raw arguments with the error', () => {
    const conversation = read({ messages: [{ role: 'assistant', content: 'Action: search\nAction Input: weather in Oslo' }, fnOutput(null, 'sunny')] });
    expect(conversation.turns).toHaveLength(2);
    expect(conversation.turns[0]).toMatchObject({
      role: 'tool_call',
      call: { name: 'search', arguments: null, rawArguments: 'weather in Oslo', argumentsError: expect.stringMatching(/^invalid JSON/), outputTurn: 1 },
    });
  });

  it('leaves the text of a message that has structured calls alone', () => {
    const conversation = read({ messages: [fnCall('A', '{}', 'Action: B\nAction Input: {}')] });
    expect(conversation.actualTrace.map((c) => c.name)).toEqual(['A']);
    expect(conversation.turns[0].text).toBe('Action: B\nAction Input: {}');
  });
});

describe("ToolBench's Finish: the agent's termination, not a tool", () => {
  const reactFinish = (args: string, thought = '') => ({ role: 'assistant', content: `\nThought: ${thought}\nAction: Finish\nAction Input: ${args}` });
  const gaveUp = 'The agent gave up and restarted (Finish: give_up_and_restart); it gave no final answer.';

  it('reads give_answer as the final answer and give_up_and_restart as a line saying so, in both shapes, with the call kept', () => {
    const answer = '{"return_type": "give_answer", "final_answer": "It has shipped."}';
    const conversation = read({
      messages: [
        { role: 'user', content: 'status of 4411?' },
        { ...fnCall('Finish', answer), name: 'toolllama', timestamp: 5, refusal: null },
        fnCall('Finish', '{"return_type": "give_up_and_restart"}', 'Thought: nothing works'),
        reactFinish('{"return_type": "give_up_and_restart", "final_answer": "try later"}'),
        reactFinish(answer, 'done'),
      ],
      expected_tool_trace: [],
    });
    expect(conversation.turns.map((t) => [t.role, t.sourceRole, t.sourceIndex, t.text])).toEqual([
      ['user', 'user', 0, 'status of 4411?'],
      ['assistant', 'assistant', 1, 'It has shipped.'],
      ['assistant', 'assistant', 2, 'Thought: nothing works'],
      ['assistant', 'assistant', 2, gaveUp],
      ['assistant', 'assistant', 3, '\nThought: '],
      // A final_answer written beside give_up_and_restart is kept after the line.
      ['assistant', 'assistant', 3, `${gaveUp}\n\ntry later`],
      ['assistant', 'assistant', 4, '\nThought: done'],
      ['assistant', 'assistant', 4, 'It has shipped.'],
    ]);
    // The call as the source wrote it: the function_call object, or the message's text; the
    // message's own fields and the agent stay on the turn.
    expect(conversation.turns[1]).toMatchObject({ agent: 'toolllama', timestamp: 5, extra: { refusal: null, function_call: { name: 'Finish', arguments: answer } } });
    expect(conversation.turns[3].extra).toEqual({ function_call: { name: 'Finish', arguments: '{"return_type": "give_up_and_restart"}' } });
    expect(conversation.turns[7].extra).toEqual({ content: `\nThought: done\nAction: Finish\nAction Input: ${answer}` });
    // No call: nothing in the trace, no unanswered call; with an empty gold the scores count none.
    expect(conversation.actualTrace).toEqual([]);
    expect(findings(conversation)).toEqual([]);
  });

  it('keeps a Finish as a tool call when it is no ToolBench termination or an output answers it', () => {
    const conversation = read({
      messages: [
        // No return_type; give_answer without a final_answer (ToolBench returns it as an error); an unknown return type.
        fnCall('Finish', '{"final_answer": "x"}'),
        fnCall('Finish', '{"return_type": "give_answer"}'),
        // In text, with nothing to show it is a call (no termination, no output after it): text.
        reactFinish('{"return_type": "done", "final_answer": "x"}'),
        // Broken JSON: not read as a termination either (the arguments' error is said).
        fnCall('Finish', '{"return_type": "give_answer", "final_answer": "x"'),
        // Another name, and Finish made through tool_calls (not a ToolBench shape).
        fnCall('finish', '{"return_type": "give_answer", "final_answer": "x"}'),
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'Finish', arguments: '{"return_type": "give_answer", "final_answer": "x"}' } }] },
      ],
    });
    expect(conversation.actualTrace.map((c) => [c.name, c.turn])).toEqual([
      ['Finish', 0],
      ['Finish', 1],
      ['Finish', 3],
      ['finish', 4],
      ['Finish', 5],
    ]);
    expect(conversation.turns[2]).toMatchObject({ role: 'assistant', text: '\nThought: \nAction: Finish\nAction Input: {"return_type": "done", "final_answer": "x"}' });
    expect(findings(conversation).filter((f) => f[0] === 'conversation-unanswered-tool-call').map((f) => f[2])).toEqual([0, 1, 3, 4, 5]);

    // A dataset whose Finish is a real tool: answered, it stays a call, paired with its output.
    const tool = read({
      messages: [fnCall('Finish', '{"return_type": "give_answer", "final_answer": "x"}'), fnOutput('Finish', '{"response": "successfully giving the final answer."}')],
    });
    expect(tool.turns.map((t) => t.role)).toEqual(['tool_call', 'tool_output']);
    expect(tool.turns[0]).toMatchObject({ call: { name: 'Finish', outputTurn: 1 } });
    expect(tool.turns[0].extra).toBeUndefined();
    expect(findings(tool)).toEqual([]);
    // The same in text, answered by a ToolLLaMA function turn (no name: the earliest open call).
    const written = read({ messages: [reactFinish('{"return_type": "give_up_and_restart"}'), fnOutput(null, 'ok')] });
    expect(written.turns.map((t) => t.role)).toEqual(['assistant', 'tool_call', 'tool_output']);
    expect(written.actualTrace.map((c) => c.name)).toEqual(['Finish']);
  });
});
