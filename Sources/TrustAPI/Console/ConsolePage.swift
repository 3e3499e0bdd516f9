extension ConsoleText {
    /// The page: the skeleton the script fills from the JSON API. No inline script or style (the CSP forbids both).
    static let page = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>trustlistd console</title>
        <link rel="stylesheet" href="/console/console.css">
        <script src="/console/console.js" defer></script>
        </head>
        <body data-console="loading">
        <header class="top">
          <h1>trustlistd</h1>
          <span id="overall" class="badge state-unknown">loading</span>
          <span class="meta">generation <strong id="generation">–</strong></span>
          <span class="meta">built <span id="built-at">–</span></span>
          <span class="meta">read <span id="read-at">–</span></span>
          <span class="spacer"></span>
          <button id="refresh-now" type="button">Refresh now</button>
        </header>
        <form id="token-form" class="token-form" hidden>
          <label for="token-input">Admin token (kept in this tab only)</label>
          <input id="token-input" type="password" autocomplete="off" spellcheck="false">
          <button id="token-submit" type="submit">Refresh with this token</button>
          <button id="token-cancel" type="button">Cancel</button>
        </form>
        <p id="refresh-result" class="notice" role="status" hidden></p>
        <p id="load-error" class="notice error" role="alert" hidden></p>
        <main>
          <section id="lists-section">
            <h2>Lists</h2>
            <div id="lists"></div>
          </section>
          <section id="crls-section" hidden>
            <h2>CRLs</h2>
            <div id="crls"></div>
          </section>
          <section id="timeline-section">
            <h2>Timeline</h2>
            <p id="next-expiry" class="next-expiry"></p>
            <div id="timeline" class="timeline"></div>
            <p class="legend">
              <span class="key state-fresh"></span>fresh
              <span class="key state-overdue"></span>overdue
              <span class="key state-expired"></span>expired
              <span class="key state-no_trust"></span>no trust
              <span class="key signer"></span>signer certificate ends
              <span class="key expiring"></span>listed certificate ends (within 90 days)
              <span class="key now"></span>now
            </p>
          </section>
          <section id="entries-section">
            <h2>Entries</h2>
            <div class="search-row">
              <input id="search" type="search" placeholder="Search subject, name, country, docType, SHA-256, list…"
                aria-label="Search entries">
              <span id="entry-count" class="meta"></span>
            </div>
            <table id="entries" class="grid">
              <thead><tr>
                <th>Kind</th><th>Subject</th><th>Name</th><th>Country</th><th>docTypes</th><th>Valid from</th>
                <th>Valid until</th><th>List</th><th>SHA-256</th>
              </tr></thead>
              <tbody id="entries-body"></tbody>
            </table>
            <div class="pager">
              <button id="page-prev" type="button">Previous</button>
              <span id="page-info" class="meta"></span>
              <button id="page-next" type="button">Next</button>
            </div>
            <div id="details" class="details" hidden></div>
          </section>
          <section id="history-section">
            <h2>Recent refreshes</h2>
            <div id="history"></div>
          </section>
        </main>
        </body>
        </html>

        """#
}
