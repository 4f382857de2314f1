/**
 * What a person agrees to on the public forms (India's DPDP Act 2023: notice and consent for a stated
 * purpose, decision 059): for each purpose, the line the form shows above its submit button and the
 * version of those words, which the consent record keeps (db/tables/consents.ts). Changing a line's words
 * means a new version; the old versions stay accepted, so a submission kept on a device while the words
 * changed is recorded with the words its person saw. No imports: the public pages show these lines.
 *
 * Two sorts of purpose: those a form's submission itself agrees to (`chosen: false`: the line above the
 * button) and those a person opts into with a box of its own, off unless ticked, and may give or withdraw
 * later from their pass link (`chosen: true`: issue 32's sharing with exhibitors).
 */
export const CONSENT_PURPOSES = ['pass_messages', 'enquiry_reply', 'next_edition', 'exhibitors'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export interface ConsentNotice {
  /** The current version of the words: `<purpose>/<date the words were written>`. */
  version: string;
  /** The line shown above the submit button; the form links the privacy notice after it. */
  text: string;
  /** Every version ever shown, the current one included. */
  versions: readonly string[];
  /** True when the person ticks a box of its own for it (never implied by submitting a form). */
  chosen: boolean;
  /** For a chosen purpose: the box's label; `text` then says for what and how to withdraw. */
  label?: string;
  /** For a chosen purpose: the people (their resource) whose pass link offers it, given or not yet. */
  offeredTo?: readonly string[];
}

export const CONSENT_NOTICES: Record<ConsentPurpose, ConsentNotice> = {
  pass_messages: {
    version: 'pass_messages/2026-11-26',
    text: 'By submitting, you agree that we send your entry pass to this mobile number by WhatsApp or SMS, and by e-mail if you give one.',
    versions: ['pass_messages/2026-11-26'],
    chosen: false,
  },
  enquiry_reply: {
    version: 'enquiry_reply/2026-11-26',
    text: 'By submitting, you agree that we contact you on this number, or by e-mail if you give one, to reply to this enquiry.',
    versions: ['enquiry_reply/2026-11-26'],
    chosen: false,
  },
  next_edition: {
    version: 'next_edition/2026-11-26',
    text: 'By submitting, you agree that we tell you about the next edition of this event on this number, or by e-mail if you give one.',
    versions: ['next_edition/2026-11-26'],
    chosen: false,
  },
  exhibitors: {
    version: 'exhibitors/2026-11-26',
    label: 'Let exhibitors I visit receive my name and number',
    text: 'When an exhibitor scans your pass at their stall, they receive your name, mobile number and your answers to this form, to contact you about their homes and plots. You can withdraw this at any time from your pass link; from then on they no longer see your details.',
    versions: ['exhibitors/2026-11-26'],
    chosen: true,
    // Exhibitors scan visitors' passes (issue 32): a stall's or sponsor's own pass has no use for it.
    offeredTo: ['visitors'],
  },
};

/** Which consent each public endpoint asks for: enquiries for a reply, "tell me about the next edition" for that, every registration for its pass. */
export const consentPurposeOf = (endpoint: string): ConsentPurpose =>
  endpoint.endsWith('/enquiries') ? 'enquiry_reply' : endpoint.endsWith('/next-edition') ? 'next_edition' : 'pass_messages';

/** What a "tell me about the next edition" request is stored as: an enquiry of this subscription type, in the panel's Enquiries. */
export const NEXT_EDITION_SUBSCRIPTION = 'Next edition';

/** What a submission agreed to, in brief, for the pass page and the panel (a chosen purpose's brief is its box's label). */
const AGREED_BY_SUBMITTING: Record<Exclude<ConsentPurpose, 'exhibitors'>, string> = {
  pass_messages: 'Send me my pass and messages about the event by WhatsApp, SMS and e-mail',
  enquiry_reply: 'Contact me to reply to my enquiry',
  next_edition: 'Tell me about the next edition',
};

/** A purpose in a few words: a chosen purpose's box label, or what submitting the form agreed to. */
export const consentTitle = (purpose: ConsentPurpose): string =>
  CONSENT_NOTICES[purpose].label ?? AGREED_BY_SUBMITTING[purpose as Exclude<ConsentPurpose, 'exhibitors'>];

export const UNKNOWN_CONSENT_MESSAGE = 'This form is out of date: reload the page and submit again.';

/** The privacy notice's path on the site; its text is the organiser's (Settings), or DEFAULT_PRIVACY_NOTICE. */
export const PRIVACY_PATH = '/privacy';

/**
 * The privacy notice until an organiser writes theirs in Settings: only what this site does with what the
 * forms ask, nothing it does not (no retention period, no officer's name: the organiser's to state).
 * Paragraphs are separated by a blank line.
 */
export const DEFAULT_PRIVACY_NOTICE = [
  'This notice explains what the organiser of this event does with the details you give on this site.',
  'What we collect: what you type in our forms — your name and mobile number, and, when you give them, your e-mail address, organisation and city.',
  'Why: to register you for the event, to send your entry pass to your number by WhatsApp or SMS (and by e-mail if you give one), to check your pass at the entrance, to reply to your enquiries, and, when you ask for it, to tell you about the next edition. You agree to this when you submit a form; the line above each form’s button says what that form sends.',
  'Who sees them: the organiser’s staff who run the event, and the services that deliver our WhatsApp messages, SMS and e-mails.',
  'Your choices: you can ask us to correct or delete your details, or to stop sending you messages, by writing to the contact given at the foot of this site.',
].join('\n\n');
