import type { AnyResource } from './describe';
import type { ResourceName } from './kinds';
import { nominationDescription } from './awards';
import { enquiryDescription } from './enquiries';
import { eventDescription } from './events';
import { guestDescription } from './guests';
import { speakerDescription } from './speakers';
import { sponsorDescription } from './sponsors';
import { stallDescription } from './stalls';
import { vipAwardeeDescription } from './vip-awardees';
import { visitorDescription } from './visitors';

/**
 * Every resource's description by its name (the registry's names, ./kinds.ts): a resource without one, or
 * one filed under another's name, fails to compile. Loads every schema: the server's and the panel's
 * generic layers read it; screens that need a resource's name or door facts only import ./kinds.ts.
 */
export const DESCRIPTIONS = {
  visitors: visitorDescription,
  guests: guestDescription,
  speakers: speakerDescription,
  awardeesvip: vipAwardeeDescription,
  stalls: stallDescription,
  awards: nominationDescription,
  sponsors: sponsorDescription,
  enquiries: enquiryDescription,
  events: eventDescription,
} as const satisfies { [N in ResourceName]: AnyResource & { name: N } };
