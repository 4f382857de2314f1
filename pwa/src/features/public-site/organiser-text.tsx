// Text an organiser writes in Settings (the privacy notice, the founder's profile) as the site shows it:
// plain text, a paragraph for each run of lines separated by a blank line. Never HTML.

export const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/** The paragraphs of `text`; nothing at all for empty text. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {paragraphsOf(text).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order, re-rendered whole
        <p key={index}>{paragraph}</p>
      ))}
    </>
  );
}
