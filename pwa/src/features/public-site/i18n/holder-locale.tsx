// The pages a person reaches from a link we sent them, whose language is theirs, not their address's
// (decisions 087, 092): a pass link (`/p/<token>`) and the e-mails' links (`/confirm-email/<token>`,
// `/unsubscribe/<token>`). The app renders them itself (no server markup), once it knows the holder's language.
import { type ReactNode, useEffect, useState } from 'react';
import { type Catalogue, type CataloguePart, loadCatalogue } from './catalogue';
import type { Language } from './languages';
import { LocaleProvider } from './locale';

/**
 * `children` in `language` (undefined while it is being found out: nothing is shown), with `parts` of its
 * catalogue: the page waits for its texts, as a page in another language first would change under the
 * reader's eyes. Texts that cannot load leave it in English. Sets `<html lang>` (how a screen reader speaks
 * the page, which font), since no server wrote it.
 */
export function HolderLocale({ language, parts, children }: { language: Language | undefined; parts: readonly CataloguePart[]; children: ReactNode }) {
  const [texts, setTexts] = useState<{ language: Language; catalogue: Catalogue } | null>(null);
  const wanted = parts.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `wanted` is `parts` as a value
  useEffect(() => {
    if (!language) return;
    let live = true;
    loadCatalogue(language, parts).then(
      (catalogue) => live && setTexts({ language, catalogue }),
      () => live && setTexts({ language: 'en', catalogue: {} }),
    );
    return () => {
      live = false;
    };
  }, [language, wanted]);
  useEffect(() => {
    if (texts) document.documentElement.lang = texts.language;
  }, [texts]);
  if (!texts) return null;
  return (
    <LocaleProvider key={texts.language} language={texts.language} catalogue={texts.catalogue} path="/passes">
      {children}
    </LocaleProvider>
  );
}
