import '../styles/panel-shell.css';

/**
 * The top bar of the signed-in panel: brand, title "Admin Dashboard" and a Logout button.
 * Imported only by panel screens, so its CSS is code-split with them.
 */
export function PanelTopbar({ onLogout }: { onLogout: () => void }) {
  return (
    <header className="panel-topbar">
      <div className="panel-topbar__brand">
        <img src="/favicon.svg" alt="" width="32" height="32" />
        <span>EventPro</span>
      </div>
      <h1 className="panel-topbar__title">Admin Dashboard</h1>
      <button type="button" className="button button--ghost" onClick={onLogout}>
        Logout
      </button>
    </header>
  );
}
