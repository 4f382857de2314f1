import type { RosterPerson } from '../../offline/checkin-types';
import { personKey } from '../../offline/roster-search-index';
import { doorStatusLabel, KIND_LABELS } from './flow';

/** The people matching what is typed in the search box; a tap opens one's card. */
export function DoorResults(props: {
  items: RosterPerson[];
  more: boolean;
  selected: string | null;
  hidePersonalData: boolean;
  rosterOpen: boolean;
  onOpen(person: RosterPerson): void;
}) {
  const { items, more, selected, hidePersonalData, rosterOpen, onOpen } = props;
  return (
    <ul className="ci-results" aria-label="Search results" data-testid="results">
      {items.map((p) => (
        <li key={personKey(p)}>
          <button type="button" className={selected === personKey(p) ? 'ci-result ci-result--on' : 'ci-result'} onClick={() => onOpen(p)}>
            <strong>{p.name}</strong>
            <span className="ci-muted">
              {KIND_LABELS[p.kind]}
              {hidePersonalData ? '' : `${p.organisation ? ` · ${p.organisation}` : ''} · ${p.mobile}`}
              {p.passCode ? ` · ${p.passCode}` : ''}
            </span>
            <span className={`ci-pill ci-pill--${p.status || 'none'}`}>{doorStatusLabel(p.status)}</span>
          </button>
        </li>
      ))}
      {items.length === 0 && <li className="ci-muted ci-noresult">{rosterOpen ? 'No match on this device.' : 'Opening the roster…'}</li>}
      {more && <li className="ci-muted">More people match: type more.</li>}
    </ul>
  );
}
