import { useEffect, useState } from 'react';
import { PassCard } from './pass-card';
import { PassConsents } from './pass-consents';
import { fetchPassByLink, type PassLinkState, storedPassOf } from './pass-link';

/** The pass a link opens: this device's copy at once (offline too), refreshed from the server when online. */
export function PassLinkView({ token }: { token: string }) {
  const [state, setState] = useState<PassLinkState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    void (async () => {
      const stored = await storedPassOf(token).catch(() => undefined);
      if (stored && live) setState({ kind: 'pass', pass: stored, fresh: false });
      const fetched = await fetchPassByLink(token);
      if (!live) return;
      // Offline (or a server that cannot answer) with a copy on the device: the copy stands.
      if (fetched.kind === 'offline' && stored) return;
      setState(fetched);
    })();
    return () => {
      live = false;
    };
  }, [token]);

  switch (state.kind) {
    case 'loading':
      return <p className="pass-link__status">Opening your pass…</p>;
    case 'invalid':
      return (
        <>
          <p className="pass-link__status" role="alert">
            This pass link is not valid. Use “Find my pass” on <a href="/passes">My passes</a> to get a new one.
          </p>
          <PassConsents token={token} />
        </>
      );
    case 'offline':
      return (
        <p className="pass-link__status" role="alert">
          You are offline. Open this link again once you are connected; after that it opens without a connection too.
        </p>
      );
    case 'pass':
      return (
        <>
          <PassCard pass={state.pass} />
          <p className="pass__saved">
            Saved on this device: open it any time, even offline, from <a href="/passes">My passes</a>.
          </p>
          <PassConsents token={token} />
        </>
      );
  }
}
