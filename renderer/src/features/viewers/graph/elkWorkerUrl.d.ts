// Vite's `?url` import: the file is emitted as an asset and the import is its URL. ELK's
// worker is loaded this way so it runs as a classic worker from 'self' (the CSP's worker-src).
declare module 'elkjs/lib/elk-worker.min.js?url' {
  const url: string;
  export default url;
}
