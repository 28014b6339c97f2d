import { useState } from 'react';
import { downloadUserData } from '../../api/user-data';
import { downloadBytes } from '../../components/download';
import { notifySuccess } from '../../feedback/feedback';
import { DATA } from '../../strings';

/**
 * 'Télécharger mes données', wherever it is offered (the settings' data section, the account's
 * deletion): saves the server's file and says so; a refusal goes to `onError` in French.
 */
export function useUserDataDownload(onError: (message: string | null) => void) {
  const [downloading, setDownloading] = useState(false);

  async function download() {
    if (downloading || !navigator.onLine) return;
    setDownloading(true);
    onError(null);
    try {
      const answer = await downloadUserData();
      if (!answer.ok) {
        onError(answer.message);
        return;
      }
      downloadBytes(answer.value.bytes, answer.value.fileName, 'application/zip');
      notifySuccess(DATA.downloaded(answer.value.fileName));
    } finally {
      setDownloading(false);
    }
  }

  return { downloading, download };
}
