import { useEffect, useRef, useState } from 'react';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike;

export function barcodeDetector(): BarcodeDetectorCtor | undefined {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
}

/**
 * The camera scanner: the browser's BarcodeDetector reads QR codes from the video every 150 ms.
 * (Where the browser has none, the page hides the Scan button and says so; a ZXing fallback would
 * need the `@zxing/browser` package.)
 */
export function CameraScan({ onCode, onClose }: { onCode(code: string): void; onClose(): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!Detector) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const detector = new Detector({ formats: ['qr_code'] });
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (!alive || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const tick = async () => {
          if (!alive || !video.current) return;
          try {
            const codes = await detector.detect(video.current);
            if (codes[0]?.rawValue) onCode(codes[0].rawValue);
          } catch {
            // a frame that could not be read
          }
          timer = setTimeout(() => void tick(), 150);
        };
        void tick();
      } catch (e) {
        setError(e instanceof Error ? e.message : 'The camera could not be opened');
      }
    })();
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onCode]);

  return (
    <div className="ci-camera">
      {/* biome-ignore lint/a11y/useMediaCaption: a live camera preview has no audio */}
      <video ref={video} muted playsInline aria-label="Camera preview" />
      {error && (
        <p className="ci-note ci-note--warn" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="ci-button" onClick={onClose}>
        Stop scanning
      </button>
    </div>
  );
}
