import type { AnyResource, ResourceName } from '@shared/resources/describe';
import type { BaseRecord } from '../../lib/api';
import type { PageSize } from './list-search';
import { panelColumns, panelFields } from './fields';

/** Every admin resource, events included, is shown by the generic list and form. */
export type { ResourceName };

export type FormValues = Record<string, string>;

/** One input of a form; `Name`: the resource's fields (a field that is not one fails to compile). */
export interface FormField<Name extends string = string> {
  name: Name;
  label: string;
  /**
   * `checkbox`: a yes/no switch, held as 'true' or '' and sent as a boolean. `choices`: one checkbox per
   * option, held as the ticked options one a line (`listOf`). `datetime`: a date and time in event time
   * (Hyderabad), held as 'YYYY-MM-DDTHH:mm', entered as a date and an HH:mm time (date-time-inputs.tsx).
   */
  type: 'text' | 'email' | 'tel' | 'number' | 'textarea' | 'select' | 'event' | 'checkbox' | 'choices' | 'datetime' | 'url';
  /** A line under the field saying what it does. */
  hint?: string;
  /** Checked before sending, with the resource's `requiredMessage` or "{label} is required". */
  required?: boolean;
  /** Shown with the required mark but not enforced (the organiser is nudged, the server has a default). */
  marked?: boolean;
  options?: readonly string[];
  /** Labels of select options; the value itself otherwise. */
  optionLabel?: (value: string) => string;
  defaultValue?: string;
  /** A text input's example; a select's empty choice ("Select" otherwise). */
  placeholder?: string;
  full?: boolean;
  /** A select whose options depend on another field's value (a city on its state); disabled while that is empty. */
  dependsOn?: { field: string; options: (value: string) => readonly string[]; waiting: string };
  /** A date-time no earlier than another field's value (the input's `min`). */
  notBefore?: string;
  /**
   * A rule applied the moment the value changes, before any check of the whole form: the values to set
   * (this field's own included) and the field's message (`null` clears it). A field with a rule is changed
   * only through it.
   */
  onPick?: (value: string, values: FormValues) => { set: FormValues; message?: string | null };
  /**
   * A list the organiser keeps in Settings that this field chooses from — the award categories, which the
   * public nomination form offers too, so reports by category do not split on spellings. Free text while
   * the list is empty; a stored value outside it stays choosable.
   */
  settingsList?: 'awardCategories';
  /** More headers of an organiser's file that mean this field (the import's mapping; the registry's `aliases`). */
  aliases?: readonly string[];
}

/**
 * `phone`: a stored E.164 number shown as +91 98765 43210. `image`: the thumbnail of the image at that URL.
 * `period`: a start and an end in event time, one a line.
 */
type ColumnKind = 'text' | 'status' | 'date' | 'event' | 'money' | 'phone' | 'image' | 'period' | 'answers';

export interface Column<Sort extends string = string, Key extends string = string> {
  key: Key;
  label: string;
  kind?: ColumnKind;
  /** `period`: the column holding the end ("Jan 5th, 2025 10:00 – Jan 6th, 2025 18:00"). */
  endKey?: string;
  /** A badge after the value while another field is true (an event's "Featured"). */
  badge?: { key: string; text: string };
  /** The API's sort key, when the column can be sorted: one of its description's `sortKeys`. */
  sort?: Sort;
  /** Read the value from one of several fields (first non-empty). */
  fallbackKeys?: string[];
  /**
   * Which widths of list show the column (1 when absent; the registry's `list.priority`): 1 always — the
   * record's identity and its status; 2 not on a narrow list (a tablet upright); 3 only on a wide one. A
   * phone's cards show every column. The list's own width decides, not the window's (the sidebar takes its share).
   */
  priority?: ColumnPriority;
}

export type ColumnPriority = 1 | 2 | 3;

interface ResourceMessages {
  created: string;
  updated: string;
  createFailed: string;
  updateFailed: string;
  fetchFailed: string;
  deleteFailed: string;
  /** The screen's own words for a deletion, when it has them; the server's message otherwise. */
  deleted?: string;
  confirmDelete: string;
  /** The list when nothing matches ("No records found" otherwise). */
  empty?: string;
  /** The list while it loads ("Loading ..." otherwise). */
  loading?: string;
}

/** What the panel adds to a resource's shared description: its list screen and its form. */
export interface ResourceScreen<Sort extends string = string, Name extends string = string> {
  title: string;
  subtitle: string;
  /** Absent: no create in the panel (enquiries come from the public site). */
  addLabel?: string;
  formTitle: { create: string; edit: string };
  submitLabel: { create: string; edit: string };
  columns: Column<Sort, Name | PresentedKey>[];
  fields: FormField<Name>[];
  requiredMessage?: string;
  /**
   * The form's own rules, checked once every required field is filled, in place of the create schema:
   * messages keyed by the form field they are about (`''`: the form's). Empty when the form may be sent.
   */
  check?: (values: FormValues) => Record<string, string>;
  /** What a failed save shows, when the resource has its own words for each failure. */
  saveError?: (failure: unknown, editing: boolean) => string;
  /** Form values → request body, when the form's fields are not the API's. */
  toPayload?: (values: FormValues) => Record<string, unknown>;
  /** API field → the form field it is edited in, where `toPayload` renames it (for the server's per-field errors). */
  formFieldOf?: Record<string, string>;
  /** Record → form values (edit); the field names otherwise. */
  fromRecord?: (row: BaseRecord) => FormValues;
  messages: ResourceMessages;
  /** Where save failures show. */
  errorDisplay: 'inline' | 'toast';
  /** How long the success shows before the panel closes. */
  closeDelayMs: number;
  /** Fetch failures also as a toast (speakers, VIP awardees). */
  fetchErrorToast?: boolean;
  /** VIP awardees: the seven status tiles above the table. */
  statusOverview?: boolean;
  /** Column showing the record's name in messages and labels. */
  nameKey: string;
  searchPlaceholder: string;
  /** `false`: the list is not narrowed to one event (the events list itself). */
  eventFilter?: false;
  /** `false`: no "Possible duplicates" (records that are not people). */
  findsDuplicates?: false;
  /** `false`: no status menu on each row; the status is changed in the form, or in bulk. */
  statusMenu?: false;
  /** Rows per page the list offers, the first the default (`PAGE_SIZES` otherwise). */
  pageSizes?: readonly PageSize[];
}

/** Fields of an answer that are no column of the table: an event's name beside its id, an image's URL beside its key. */
type PresentedKey = 'eventName' | 'bannerUrl' | 'profileImageUrl';

/** One admin list screen and its form: the resource's shared description and the panel's screen. */
export type ResourceConfig = Omit<AnyResource, 'name' | 'fields' | 'order'> & { name: ResourceName } & ResourceScreen;

/** The names a description's form fields and columns may have: its table's columns and its input-only fields. */
export type FieldNameOf<D> = D extends { columnName?: infer C; inputOnly?: readonly (infer E)[] } ? (NonNullable<C> | E) & string : string;

/**
 * A screen for a description: its columns may sort only by the description's sort keys, and its fields and
 * columns name only the resource's fields (a compile error otherwise). A description with `fields` gives
 * the form and the list their fields and columns (`panelFields`, `panelColumns`); a screen gives them only
 * where the resource has no field list yet.
 */
export function panelResource<D extends AnyResource & { name: ResourceName }, const Extra extends string = never>(
  description: D,
  screen: (D extends { fields: readonly unknown[] }
    ? Omit<ResourceScreen<D['sortKeys'][number], FieldNameOf<D> | NoInfer<Extra>>, 'fields' | 'columns'> &
        Partial<Pick<ResourceScreen<D['sortKeys'][number], FieldNameOf<D> | NoInfer<Extra>>, 'fields' | 'columns'>>
    : ResourceScreen<D['sortKeys'][number], FieldNameOf<D> | NoInfer<Extra>>) & {
    /**
     * Names of the form and the list that are no field of the resource: the form's own inputs that
     * `toPayload` maps onto fields, and the answer's older keys a column falls back from.
     */
    notFields?: readonly Extra[];
  },
): ResourceConfig {
  const { fields: specs, order, ...shared } = description;
  return {
    ...shared,
    ...(specs ? { fields: panelFields(specs, order), columns: panelColumns(specs, order) } : {}),
    ...screen,
  } as ResourceConfig;
}
