import { errorBodySchema, sourceFetchSchema, type SourceFetch } from '@pantalla/contracts';
import { API_BASE, ApiError } from '../../../../lib/api-client';
import { session } from '../../../account';

/**
 * POST /operator/sources/{id}/upload with XMLHttpRequest: fetch() reports no upload
 * progress. The file goes as the raw body (the server imports it as it arrives).
 */
export function uploadFile(
  id: number,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<SourceFetch> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/operator/sources/${id}/upload`);
    const token = session.getState().userInfo?.idToken;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: the status line says it.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = sourceFetchSchema.safeParse(body);
        return parsed.success
          ? resolve(parsed.data)
          : reject(new ApiError(xhr.status, 'invalid_response', 'Unexpected answer from the server'));
      }
      const error = errorBodySchema.safeParse(body);
      reject(
        error.success
          ? new ApiError(xhr.status, error.data.code, error.data.message, error.data.data)
          : new ApiError(xhr.status, 'http_error', `HTTP ${xhr.status}`),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Network error'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
