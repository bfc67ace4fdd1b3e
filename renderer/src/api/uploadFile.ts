import { ApiCallError } from '../../../electron/common/apiClient';
import type { ApiReply } from '../../../electron/api/contract';

/**
 * Sends one file's raw bytes to `api/upload?name=…` and returns its upload id. XMLHttpRequest
 * rather than fetch, because only it reports upload progress.
 */
export function uploadFile(url: URL, file: File, headers: Record<string, string>, onSent: (bytes: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    target.searchParams.set('name', file.name);
    const request = new XMLHttpRequest();
    request.open('POST', target);
    request.setRequestHeader('content-type', 'application/octet-stream');
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => onSent(event.loaded);
    request.onerror = () =>
      reject(new ApiCallError({ code: 'internal', message: `Uploading ${file.name} failed: the server closed the connection (is the file over its upload limit, or has \`accord serve\` stopped?).` }));
    request.onload = () => {
      const reply = parseReply(request.responseText);
      if (reply?.ok) resolve(reply.value.uploadId);
      else reject(new ApiCallError(reply?.ok === false ? { ...reply.error, message: `${file.name}: ${reply.error.message}` } : { code: 'internal', message: `Uploading ${file.name} failed (HTTP ${request.status}): ${request.responseText.slice(0, 200)}` }));
    };
    request.send(file);
  });
}

function parseReply(text: string): ApiReply<{ uploadId: string }> | null {
  try {
    return JSON.parse(text) as ApiReply<{ uploadId: string }>;
  } catch {
    return null; // a refusal made before the API (a wrong Host, say) is plain text
  }
}
