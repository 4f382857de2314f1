import { type KeyboardEvent, type RefObject, useState } from 'react';
import { CameraScan, PhotoScan } from '../../components/camera-scan';
import { ScannerInput } from '../../components/scanner-input';

/**
 * The door's search box, where a scanner's code + Enter lands, with the camera's Scan button beside it (or,
 * without a camera, a photo of the pass).
 */
export function DoorSearch(props: {
  searchBox: RefObject<HTMLInputElement | null>;
  query: string;
  onType(text: string): void;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  canScan: boolean;
  onCameraCode(code: string): void;
  onPhotoCode(code: string): void;
  onPhotoMiss(message: string): void;
  /** The camera was closed: focus goes back to the search box. */
  afterCamera(): void;
}) {
  const { searchBox, query, onType, onKeyDown, canScan, onCameraCode, onPhotoCode, onPhotoMiss, afterCamera } = props;
  const [scanning, setScanning] = useState(false);
  return (
    <div className="ci-searcharea">
      <div className="ci-searchrow">
        <label className="ci-search">
          <span className="ci-visually-hidden">Search by name, mobile, organisation or pass code</span>
          <ScannerInput
            ref={searchBox}
            takes="search"
            // The door's scanner types into this box without a click.
            autoFocus
            placeholder="Code or name"
            value={query}
            onChange={(e) => onType(e.target.value)}
            onKeyDown={onKeyDown}
            data-testid="checkin-search"
          />
        </label>
        {canScan ? (
          <button type="button" className="ci-button ci-button--scan" aria-pressed={scanning} onClick={() => setScanning((s) => !s)}>
            {scanning ? 'Stop' : 'Scan'}
          </button>
        ) : (
          <PhotoScan onCode={onPhotoCode} onMiss={onPhotoMiss} label="Photo" />
        )}
      </div>
      {scanning && (
        <CameraScan
          onCode={onCameraCode}
          onClose={() => {
            setScanning(false);
            afterCamera();
          }}
        />
      )}
    </div>
  );
}
