import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { BrowserMultiFormatReader, type IScannerControls } from '@zxing/browser';
import { useTranslation } from 'react-i18next';

/**
 * The camera half of the barcode scanner (issue 5.9), in its own chunk: @zxing/browser is only
 * downloaded when someone opens the camera. Reports each decoded text once and stops the camera
 * when unmounted.
 */
export default function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const report = useRef(onCode);
  report.current = onCode;
  const [error, setError] = useState(false);

  useEffect(() => {
    let controls: IScannerControls | null = null;
    let stopped = false;
    let last = '';
    const reader = new BrowserMultiFormatReader();
    reader
      .decodeFromVideoDevice(undefined, video.current ?? undefined, (result) => {
        const text = result?.getText();
        if (text && text !== last) {
          last = text;
          report.current(text);
        }
      })
      .then((started) => {
        controls = started;
        if (stopped) started.stop();
      })
      .catch(() => setError(true));
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, []);

  if (error) return <Alert severity="warning">{t('shipping.camera_unavailable')}</Alert>;
  return (
    <Box
      component="video"
      ref={video}
      muted
      playsInline
      sx={{ width: '100%', borderRadius: 1, bgcolor: 'common.black', aspectRatio: '4 / 3' }}
    />
  );
}
