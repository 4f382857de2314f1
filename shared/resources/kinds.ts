/**
 * The registry of resources: every admin resource by name, in one order, with what the venue door, the
 * passes and the messages know of each. Every list of "the kinds of people" (the door's roster, the
 * status engine's tables, the panel's offline outbox, the messages, the counts and reports) is a filter on
 * `RESOURCES`, so a new kind is one entry here and its description (`./<resource>.ts`).
 *
 * No zod and no tables here: the door, the dashboard and the server's notifications read these facts
 * without loading any resource's schemas. The schemas, fields and screens of each resource are in its
 * own module (`./<resource>.ts`, checked against its table by `describeResource`).
 */

/**
 * A visitor starts `registered_online`, then is registered at the venue, checked in, cancelled or not
 * visited; `pending`, `active` and `inactive` stay accepted for records made by the older visitor form.
 */
export const VISITOR_STATUSES = [
  'pending',
  'registered_online',
  'registered_at_venue',
  'checked_in',
  'cancelled',
  'not_visited',
  'active',
  'inactive',
] as const;

/** Guests, speakers and VIP awardees share these statuses, from confirmed to leaving the venue (and stall and sponsor contacts at the door). */
export const VIP_STATUSES = ['confirmed', 'not_confirmed', 'not_attending', 'reached', 'checked_in', 'exited_ramp', 'left_venue'] as const;

/** How the venue door treats one kind of person (docs/checkin-sync.md). */
export interface DoorRule {
  /** The column the door moves: the person's own `status`; for stall and sponsor contacts, their `attendanceStatus`, apart from the booking's status. */
  column: 'status' | 'attendanceStatus';
  /** The column naming the person on the door's cards and in the conflict inbox. */
  nameField: 'fullName' | 'contactPersonName';
  /** The statuses the door may set. */
  statuses: readonly string[];
  /** The one big action of a person card: the next status in this order. */
  flow: readonly string[];
  /**
   * The statuses in the door's flow, lowest first (the status engine's conflict rule: further along wins);
   * the holds rank above all of them, a status not listed ranks below.
   */
  precedence: readonly string[];
  /**
   * Organisers' holds: statuses that say "do not admit on this pass". The device refuses these passes
   * (features/checkin/flow.ts) and the server's status engine keeps them against late or concurrent door
   * changes (edge/lib/status-engine.ts); only organisers set or lift one.
   */
  holds: readonly string[];
  /** One of them at the door ("Stall contact"), and several in the counts ("Stall contacts"). */
  label: string;
  plural: string;
}

/** A pass issued by a public registration form (edge/notifications/pass-holders.ts). */
export interface PassRule {
  /** The pass's type as the public site names the form ("Book a Stall"). */
  typeLabel: string;
  /** The column naming the holder. */
  nameField: 'fullName' | 'contactPersonName' | 'nomineeName';
}

/** The messages a kind's records get: their pass's, from a public form (`pass`), and group messages. */
interface MessageRule {
  /**
   * The number standing for the kind in signed links (pass, e-mail confirmation, unsubscribe:
   * edge/notifications/pass-link.ts): links already sent carry it, so it never changes and is never reused.
   */
  linkCode: number;
}

interface ResourceKind {
  door?: DoorRule;
  pass?: PassRule;
  /** Its records get messages by e-mail, WhatsApp and SMS (passes, group messages): the panel lists each record's messages. */
  messages?: MessageRule;
  /** The band of its badges, when the venue calls them other than the resource's singular ("Exhibitor"). */
  badge?: string;
  /** The public site registers it with a form of its own; the Reports' registrations per day name it so ("Awards"). */
  registrations?: string;
  /** Its records come from the public forms with a consent (decision 059): the panel shows each record's consent acts. */
  consents?: true;
}

const VIP_FLOW = ['reached', 'checked_in', 'exited_ramp', 'left_venue'] as const;
const VIP_PRECEDENCE = ['not_confirmed', 'confirmed', 'reached', 'checked_in', 'exited_ramp', 'left_venue'] as const;
const NOT_ATTENDING = ['not_attending'] as const;

/** A door rule of the guests' statuses: guests, speakers and VIP awardees (their own status), and stall and sponsor contacts (their attendance). */
const vipDoor = (label: string, plural: string) =>
  ({
    column: 'status',
    nameField: 'fullName',
    statuses: VIP_STATUSES,
    flow: VIP_FLOW,
    precedence: VIP_PRECEDENCE,
    holds: NOT_ATTENDING,
    label,
    plural,
  }) as const;
const contactDoor = (label: string, plural: string) => ({ ...vipDoor(label, plural), column: 'attendanceStatus', nameField: 'contactPersonName' }) as const;

/**
 * Every resource, in one order: the door's roster and counts list its kinds in it, Find my pass searches
 * the pass kinds in it, the Reports count the public site's registrations in it (awards before stalls, as
 * the site lists its forms).
 */
export const RESOURCES = {
  visitors: {
    door: {
      column: 'status',
      nameField: 'fullName',
      statuses: VISITOR_STATUSES,
      flow: ['registered_at_venue', 'checked_in', 'not_visited'],
      precedence: ['pending', 'active', 'registered_online', 'not_visited', 'registered_at_venue', 'checked_in'],
      holds: ['cancelled', 'inactive'],
      label: 'Visitor',
      plural: 'Visitors',
    },
    pass: { typeLabel: 'Visitor Registration', nameField: 'fullName' },
    messages: { linkCode: 1 },
    registrations: 'Visitors',
    consents: true,
  },
  guests: { door: vipDoor('Guest', 'Guests'), messages: { linkCode: 5 } },
  speakers: { door: vipDoor('Speaker', 'Speakers'), messages: { linkCode: 6 } },
  awardeesvip: { door: vipDoor('VIP awardee', 'VIP awardees'), messages: { linkCode: 7 }, badge: 'VIP awardee' },
  stalls: {
    door: contactDoor('Stall contact', 'Stall contacts'),
    pass: { typeLabel: 'Book a Stall', nameField: 'contactPersonName' },
    messages: { linkCode: 2 },
    badge: 'Exhibitor',
    registrations: 'Stalls',
    consents: true,
  },
  awards: {
    pass: { typeLabel: 'Awards Registration', nameField: 'nomineeName' },
    messages: { linkCode: 3 },
    badge: 'Nominee',
    registrations: 'Awards',
    consents: true,
  },
  sponsors: {
    door: contactDoor('Sponsor contact', 'Sponsor contacts'),
    pass: { typeLabel: 'Sponsor Registration', nameField: 'contactPersonName' },
    messages: { linkCode: 4 },
    registrations: 'Sponsors',
    consents: true,
  },
  enquiries: { registrations: 'Enquiries', consents: true },
  events: {},
} as const satisfies Record<string, ResourceKind>;

export type ResourceName = keyof typeof RESOURCES;
export const RESOURCE_NAMES = Object.keys(RESOURCES) as ResourceName[];

type Registry = typeof RESOURCES;
type NamesWith<Key extends keyof ResourceKind> = { [N in ResourceName]: Registry[N] extends Record<Key, unknown> ? N : never }[ResourceName];

/** The resources whose records get messages (passes, group messages). */
export type MessageKind = NamesWith<'messages'>;
/** The kinds of people the venue door sees (its roster, its operations, its counts). */
export type DoorKind = NamesWith<'door'>;
/** The resources whose records carry a pass from a public registration form. */
export type PassKind = NamesWith<'pass'>;
/** The resources the public site registers (its forms), counted per day in the Reports. */
export type RegistrationKind = NamesWith<'registrations'>;
/** The door's people whose own status is their door status (visitors, guests, speakers, VIP awardees): the panel's status changes of them are door changes. */
export type AttendeeKind = { [N in DoorKind]: Registry[N]['door']['column'] extends 'status' ? N : never }[DoorKind];

const namesWhere = <N extends ResourceName>(test: (kind: ResourceKind) => boolean) => RESOURCE_NAMES.filter((name) => test(RESOURCES[name])) as N[];

export const DOOR_KINDS = namesWhere<DoorKind>((kind) => kind.door !== undefined) as unknown as readonly [DoorKind, ...DoorKind[]];
export const ATTENDEE_KINDS = namesWhere<AttendeeKind>((kind) => kind.door?.column === 'status') as readonly AttendeeKind[];
export const PASS_KINDS = namesWhere<PassKind>((kind) => kind.pass !== undefined) as readonly PassKind[];
export const REGISTRATION_KINDS = namesWhere<RegistrationKind>((kind) => kind.registrations !== undefined) as readonly RegistrationKind[];
export const MESSAGE_KINDS = namesWhere<MessageKind>((kind) => kind.messages !== undefined) as unknown as readonly [MessageKind, ...MessageKind[]];
export const isMessageKind = (name: string): name is MessageKind => (MESSAGE_KINDS as readonly string[]).includes(name);
/** How a kind's records are named in messages and links: its pass's column and type, else its door's. */
export function messageNaming(kind: MessageKind): { nameField: PassRule['nameField']; typeLabel: string } {
  const rule: ResourceKind = RESOURCES[kind];
  if (rule.pass) return { nameField: rule.pass.nameField, typeLabel: rule.pass.typeLabel };
  return { nameField: rule.door!.nameField, typeLabel: rule.door!.label };
}
export const CONSENT_KINDS = namesWhere((kind) => kind.consents === true) as readonly ResourceName[];

/** The door's rule of a kind. */
export const doorOf = (kind: DoorKind): DoorRule => RESOURCES[kind].door;
export const isDoorKind = (name: string): name is DoorKind => (DOOR_KINDS as readonly string[]).includes(name);
export const isAttendeeKind = (name: string): name is AttendeeKind => (ATTENDEE_KINDS as readonly string[]).includes(name);

/**
 * The statuses of a pass holder's record (its own `status`; a stall's or sponsor's booking) that stop its
 * pass: its kind's door holds (a visitor cancelled or inactive, a booking not attending), none for a kind
 * the door does not see. The pass link, Find my pass and the e-mail confirmation read them, so they refuse
 * what the door refuses.
 */
export const passHoldsOf = (kind: ResourceName): readonly string[] => (RESOURCES[kind] as ResourceKind).door?.holds ?? [];

/** A record of each door kind: `{ visitors: f('visitors'), … }`, in the door's order. */
export function byDoorKind<V>(f: (kind: DoorKind) => V): Record<DoorKind, V> {
  return Object.fromEntries(DOOR_KINDS.map((kind) => [kind, f(kind)])) as Record<DoorKind, V>;
}
