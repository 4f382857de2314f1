import { useLocale } from '../i18n/locale';

/** A sentence of the catalogue with a link to My passes at its `{link}`: where the link sits is the language's. */
export function MyPassesSentence({ text }: { text: string }) {
  const { t, href } = useLocale();
  const [before, after] = t(text).split('{link}');
  return (
    <>
      {before}
      <a href={href('/passes')}>{t('My passes')}</a>
      {after}
    </>
  );
}
