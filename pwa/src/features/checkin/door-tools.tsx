import { useId } from 'react';
import { EventPicker } from '../../components/event-picker';
import { PhotoScan } from '../../components/camera-scan';
import { DoorSwitch } from './door-cards';
import { useDoorSetting } from '../../lib/scan-feedback';
import { DeviceNameField } from './device-name-field';
import { DoorPinField } from './kiosk-lock';

type Guard = (then: () => void) => void;

/**
 * Under the door: "Confirm each person", the walk-in form's button, and the settings (the event, sound,
 * flash, names only, the device's name, the kiosk PIN), which a PIN guards when one is set.
 */
export function DoorTools(props: {
  eventId: string | null;
  onEventChosen(id: string): void;
  settingsOpen: boolean;
  setSettingsOpen(open: boolean): void;
  guard: Guard;
  canScan: boolean;
  onPhotoCode(code: string): void;
  onPhotoMiss(message: string): void;
  onWalkIn(): void;
}) {
  const { eventId, onEventChosen, settingsOpen, setSettingsOpen, guard, canScan, onPhotoCode, onPhotoMiss, onWalkIn } = props;
  const [confirmEach, setConfirmEach] = useDoorSetting('confirmEach');
  const [hidePersonalData, setHidePersonalData] = useDoorSetting('hidePersonalData');
  const [soundOn, setSoundOn] = useDoorSetting('sound');
  const [flashOn, setFlashOn] = useDoorSetting('flash');
  const settingsId = useId();
  return (
    <div className="ci-tools">
      <DoorSwitch label="Confirm each person" on={confirmEach} onChange={(on) => guard(() => setConfirmEach(on))} testId="confirm-each" />
      <button type="button" className="ci-button" onClick={onWalkIn}>
        Walk-in
      </button>
      <button
        type="button"
        className="ci-button ci-button--quiet"
        aria-expanded={settingsOpen}
        aria-controls={settingsId}
        onClick={() => (settingsOpen ? setSettingsOpen(false) : guard(() => setSettingsOpen(true)))}
      >
        Settings
      </button>
      <div id={settingsId} className="ci-settings" hidden={!settingsOpen}>
        <EventPicker className="ci-event" value={eventId ?? ''} onChange={onEventChosen} failedText="Events unavailable offline" />
        <DoorSwitch label="Sound" on={soundOn} onChange={setSoundOn} testId="door-sound" />
        <DoorSwitch label="Flash and vibration" on={flashOn} onChange={setFlashOn} testId="door-flash-setting" />
        <DoorSwitch label="Hide personal data (names only)" on={hidePersonalData} onChange={setHidePersonalData} testId="door-hide-personal" />
        <DeviceNameField />
        <DoorPinField />
        {canScan && <PhotoScan onCode={onPhotoCode} onMiss={onPhotoMiss} label="Scan from photo" />}
        <p className="ci-muted ci-small">
          A USB or Bluetooth scanner types the code and Enter into the search box. A code that is exactly one pass checks that person in at once; the same pass
          again within 3 seconds is counted once and says “Just scanned”. With “Confirm each person”, the card opens first and Enter or a tap does its big
          action.
        </p>
      </div>
    </div>
  );
}
