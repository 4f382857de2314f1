import { awardeesVipConfig } from './resources/awardeesvip';
import { awardsConfig } from './resources/awards';
import { enquiriesConfig } from './resources/enquiries';
import { guestsConfig } from './resources/guests';
import { speakersConfig } from './resources/speakers';
import { sponsorsConfig } from './resources/sponsors';
import { stallsConfig } from './resources/stalls';
import { visitorsConfig } from './resources/visitors';
import type { ResourceConfig, ResourceName } from './types';

export const RESOURCES: Record<ResourceName, ResourceConfig> = {
  visitors: visitorsConfig,
  stalls: stallsConfig,
  sponsors: sponsorsConfig,
  awards: awardsConfig,
  guests: guestsConfig,
  speakers: speakersConfig,
  awardeesvip: awardeesVipConfig,
  enquiries: enquiriesConfig,
};
