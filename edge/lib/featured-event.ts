/**
 * The property expo the public site promotes: 18–19 October 2025 at a convention centre in Hyderabad. Its start is the public
 * countdown's target (09:00 IST). Created once, on the first start; afterwards it is an ordinary event
 * an admin edits like any other. Plain data (no imports): the PWA shows it until the site data arrives.
 */
export const FEATURED_EVENT = {
  eventName: 'Hyderabad Property Expo & Builders Awards 2025',
  state: 'Telangana',
  city: 'Hyderabad',
  eventTypes: ['Exhibition', 'Awards'],
  description: 'A two-day property expo with 100+ of the best projects in Hyderabad, and an awards night for builders and developers on 19 October.',
  venue: 'Hyderabad International Convention Centre (HICC), Madhapur, Hyderabad',
  startDateTime: '2025-10-18T03:30:00.000Z', // 18 Oct 2025 09:00 IST
  endDateTime: '2025-10-19T14:30:00.000Z', // 19 Oct 2025 20:00 IST
  status: 'active',
};
