import { useEffect, useState } from 'react';
import { errorMessage } from '@/lib/api';

type Fetched = { blob: Blob; filename: string | null };

/**
 * A file the API answers (a PDF, a CSV: `api.file`, which needs the sign-in) fetched and saved at
 * once. `busy` names the download under way (one of `K`, the buttons'), `error` says why the last
 * one failed, and `file` keeps the last one for a "Download … again" link until the next or until
 * the component goes.
 */
export function useFileDownload<K extends string = string>() {
  const [busy, setBusy] = useState<K | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<{ url: string; name: string } | null>(null);
  useEffect(() => () => (file ? URL.revokeObjectURL(file.url) : undefined), [file]);

  /** Fetches with `load` and saves it under the server's name, or `fallbackName`; `failed` is said if it fails. */
  async function download(key: K, load: () => Promise<Fetched>, fallbackName: string, failed: string) {
    setError(null);
    setBusy(key);
    try {
      const { blob, filename } = await load();
      const name = filename ?? fallbackName;
      const url = URL.createObjectURL(blob);
      setFile({ url, name });
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
    } catch (failure) {
      setError(errorMessage(failure, failed));
    } finally {
      setBusy(null);
    }
  }
  return { busy, error, file, download };
}
