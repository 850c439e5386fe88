// Entry point of one analyzer thread (server/analyzer/local/threaded.ts). Plain JavaScript so any runtime
// can start it; it registers tsx's loader for this thread, then runs the TypeScript analyzer.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { createLocalAnalyzer } = await import(new URL('./analyzer.ts', import.meta.url).href);
const { loadModels } = await import(new URL('./models.ts', import.meta.url).href);
const analyzer = createLocalAnalyzer(workerData.options ?? {});
// The ONNX sessions load before the thread says it is ready, not during the first analysis.
if (workerData.options?.useModels !== false) await loadModels();

// One analysis at a time, in arrival order. A stop request waits for the analysis in progress: ending a thread
// while onnxruntime works natively in it aborts the whole process, so threads are never terminated mid-work.
let busy = Promise.resolve();
parentPort.on('message', (message) => {
  if (message.stop) {
    busy = busy.then(() => parentPort.close());
    return;
  }
  busy = busy.then(() => analyse(message));
});

async function analyse({ id, image, context }) {
  try {
    const output = await analyzer.analyze(Buffer.from(image.buffer, image.byteOffset, image.byteLength), context);
    parentPort.postMessage({ id, output });
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    parentPort.postMessage({ id, error: { name: e.name, message: e.message, code: e.code ?? null, stack: e.stack } });
  }
}
parentPort.postMessage({ ready: true });
