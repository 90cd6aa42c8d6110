import { useEffect, useRef, useState } from 'react';

/** The part of the Shape Detection API used here (not in TypeScript's DOM library yet). */
interface DetectedCode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedCode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

interface Props {
  /** The counter's code form: the scanned code is typed into its `codigo` field and the form sent. */
  formId: string;
  labels: { scan: string; stop: string; scanning: string; noCamera: string };
}

function getDetectorClass(): BarcodeDetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return candidate && typeof navigator.mediaDevices?.getUserMedia === 'function' ? candidate : null;
}

/**
 * Reads the ticket's Code 128 barcode or QR code (both hold the pickup code) with the phone's
 * camera, where the browser has BarcodeDetector; elsewhere it shows nothing and staff type the code.
 */
export default function CodeScanner({ formId, labels }: Props) {
  const [supported, setSupported] = useState(false);
  const [active, setActive] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => setSupported(getDetectorClass() !== null), []);

  useEffect(() => {
    const Detector = getDetectorClass();
    const element = video.current;
    if (!active || !Detector || !element) return undefined;
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const detector = new Detector({ formats: ['code_128', 'qr_code'] });
    const submit = (code: string) => {
      const form = document.getElementById(formId);
      const field = form?.querySelector<HTMLInputElement>('input[name="codigo"]');
      if (!(form instanceof HTMLFormElement) || !field) return;
      field.value = code;
      form.requestSubmit();
    };
    const look = async () => {
      if (stopped) return;
      const found = await detector.detect(element).catch(() => []);
      const code = found.find((item) => item.rawValue.trim())?.rawValue.trim();
      if (code) {
        setActive(false);
        submit(code);
        return;
      }
      // A few looks a second: enough for a ticket held up to the camera, light on a phone.
      timer = window.setTimeout(() => void look(), 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped) return;
        element.srcObject = media;
        await element.play();
        void look();
      })
      .catch(() => {
        setFailed(true);
        setActive(false);
      });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [active, formId]);

  if (!supported) return null;
  return (
    <div className="scanner">
      <button
        type="button"
        className="btn btn--ghost"
        onClick={() => {
          setFailed(false);
          setActive(!active);
        }}
        aria-pressed={active}
      >
        {active ? labels.stop : labels.scan}
      </button>
      {failed && (
        <p className="pnl-alert" role="alert">
          {labels.noCamera}
        </p>
      )}
      <div hidden={!active}>
        <p className="pnl-hint">{labels.scanning}</p>
        <video ref={video} muted playsInline style={{ width: '100%', maxWidth: '28rem', borderRadius: 8, background: '#000' }} />
      </div>
    </div>
  );
}
