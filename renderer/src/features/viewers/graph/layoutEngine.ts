import ELK from 'elkjs/lib/elk-api';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import { fromElkLayout, toElkGraph, type GraphLayout, type LayoutInput } from './elkLayout';

type Elk = InstanceType<typeof ELK>;

let elk: Elk | null = null;
let workerError: Promise<never> | null = null;

/**
 * Starts the layout worker if it is not running, so its 1.6 MB script is read while the viewer
 * still prepares the graph. Called when the viewer's code loads.
 */
export function startLayoutWorker(): void {
  if (elk) return;
  let fail: (error: Error) => void = () => undefined;
  workerError = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  // ELK's own wrapper never rejects when its worker dies (a CSP refusal, a bad asset); this
  // turns such a failure into an error the viewer can show.
  workerError.catch(() => undefined);
  elk = new ELK({
    workerUrl: elkWorkerUrl,
    workerFactory: (url) => {
      const worker = new Worker(url!);
      worker.addEventListener('error', (event) => {
        fail(new Error(`the layout worker failed: ${event.message || 'it could not start'}`));
        elk = null;
      });
      return worker;
    },
  });
}

/**
 * Lays a graph out with ELK in a web worker, so a layout of up to 80 nodes (a few hundred ms)
 * never freezes the page. One worker serves every viewer.
 */
export function runLayout(input: LayoutInput): Promise<GraphLayout> {
  startLayoutWorker();
  return Promise.race([elk!.layout(toElkGraph(input)).then(fromElkLayout), workerError!]);
}
