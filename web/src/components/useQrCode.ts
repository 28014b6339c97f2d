/** QR codes of links to open on a phone (stay export, shared shopping list). */
import { useEffect, useState } from 'react';

export const QR_SIZE = 240;

/** The QR code of a text as a PNG data URL; the encoder is loaded on first use only. */
export function useQrCode(text: string | null): string | null {
  const [qr, setQr] = useState<{ text: string; dataUrl: string } | null>(null);
  useEffect(() => {
    if (text === null) return;
    let cancelled = false;
    void import('qrcode')
      .then(({ toDataURL }) => toDataURL(text, { margin: 1, width: QR_SIZE }))
      .then((dataUrl) => {
        if (!cancelled) setQr({ text, dataUrl });
      });
    return () => {
      cancelled = true;
    };
  }, [text]);
  return qr !== null && qr.text === text ? qr.dataUrl : null;
}
