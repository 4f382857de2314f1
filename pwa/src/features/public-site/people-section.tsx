import type { SitePerson } from '@edge/lib/site-settings';
import { useLocale } from './i18n/locale';

/** People an organiser marked "show on site": name, role, photo and a short bio; no contact details. */
export function PeopleList({ people }: { people: SitePerson[] }) {
  return (
    <ul className="people">
      {people.map((person) => (
        <li key={`${person.name}|${person.role}`} className="person">
          {person.photoUrl ? (
            <img src={person.photoUrl} alt="" width="96" height="96" loading="lazy" decoding="async" />
          ) : (
            <span className="person__initial" aria-hidden="true">
              {person.name.charAt(0)}
            </span>
          )}
          <div>
            <h4>{person.name}</h4>
            {person.role ? <p className="person__role">{person.role}</p> : null}
            {person.bio ? <p className="person__bio">{person.bio}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A section of people (speakers), or nothing when there are none. */
export function PeopleSection({ id, title, people }: { id: string; title: string; people: SitePerson[] }) {
  const { t } = useLocale();
  if (people.length === 0) return null;
  return (
    <section id={id} className="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section__title">
        {t(title)}
      </h2>
      <PeopleList people={people} />
    </section>
  );
}
