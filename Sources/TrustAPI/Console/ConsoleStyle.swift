extension ConsoleText {
    /// The style sheet: states by colour (green fresh, amber overdue, red expired, dark red no trust), readable tables.
    static let style = #"""
        :root {
          --fresh: #1a7f37; --overdue: #b7791f; --expired: #c62828; --no_trust: #7b1d1d; --unknown: #6b7280;
          --ink: #1f2328; --muted: #59636e; --line: #d8dee4; --bg: #f6f8fa; --accent: #0b5cad;
        }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
          background: var(--bg); }
        header.top { display: flex; align-items: center; gap: 14px; padding: 10px 20px; background: #fff;
          border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 2; flex-wrap: wrap; }
        header.top h1 { font-size: 18px; margin: 0; }
        .spacer { flex: 1; }
        .meta { color: var(--muted); }
        main { padding: 8px 20px 40px; max-width: 1400px; }
        section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 10px 16px 14px;
          margin: 14px 0; }
        h2 { font-size: 15px; margin: 4px 0 10px; }
        h3 { font-size: 14px; margin: 12px 0 6px; }
        button { font: inherit; padding: 4px 12px; border: 1px solid var(--line); border-radius: 6px; background: #fff;
          cursor: pointer; }
        button:hover { border-color: var(--accent); }
        button:disabled { opacity: .5; cursor: default; }
        #refresh-now { background: var(--accent); color: #fff; border-color: var(--accent); }
        .badge { display: inline-block; padding: 1px 9px; border-radius: 10px; color: #fff; font-weight: 600;
          font-size: 12px; letter-spacing: .02em; background: var(--unknown); white-space: nowrap; }
        .badge.state-fresh, .badge.state-ok, .badge.outcome-updated, .badge.outcome-unchanged { background: var(--fresh); }
        .badge.state-overdue, .badge.state-warning, .badge.outcome-kept_last_good { background: var(--overdue); }
        .badge.state-expired, .badge.state-critical, .badge.outcome-failed { background: var(--expired); }
        .badge.state-no_trust { background: var(--no_trust); }
        table.grid { border-collapse: collapse; width: 100%; }
        table.grid th, table.grid td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line);
          vertical-align: top; }
        table.grid th { font-weight: 600; color: var(--muted); font-size: 12px; white-space: nowrap; }
        table.grid td.num { text-align: right; font-variant-numeric: tabular-nums; }
        table.grid td.time { white-space: nowrap; }
        table.grid tbody tr.entry { cursor: pointer; }
        table.grid tbody tr.entry:hover, table.grid tbody tr.selected { background: #eef4fb; }
        .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
        .error-text { color: var(--expired); }
        .reason { font-family: ui-monospace, monospace; font-size: 12px; background: #fdecec; color: var(--expired);
          padding: 0 4px; border-radius: 4px; }
        .network { margin-bottom: 8px; }
        .notice { margin: 10px 20px 0; padding: 8px 12px; border-radius: 6px; background: #e8f1fb;
          border: 1px solid #b6d3f2; }
        .notice.error { background: #fdecec; border-color: #f3b6b6; }
        .token-form { margin: 10px 20px 0; padding: 10px 12px; background: #fff; border: 1px solid var(--line);
          border-radius: 6px; display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
        .token-form[hidden], [hidden] { display: none !important; }
        .token-form input { font: inherit; padding: 4px 8px; min-width: 280px; }
        .search-row { display: flex; gap: 12px; align-items: center; margin-bottom: 8px; }
        #search { font: inherit; padding: 5px 10px; width: 420px; max-width: 100%; border: 1px solid var(--line);
          border-radius: 6px; }
        .pager { display: flex; gap: 10px; align-items: center; margin-top: 8px; }
        .details { margin-top: 12px; border-top: 2px solid var(--accent); padding-top: 8px; }
        .details dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 0; }
        .details dt { color: var(--muted); }
        .details dd { margin: 0; word-break: break-all; }
        .details pre { white-space: pre-wrap; word-break: break-all; background: var(--bg); padding: 8px;
          max-height: 200px; overflow: auto; }
        .timeline svg { width: 100%; height: auto; display: block; }
        .next-expiry { font-size: 15px; margin: 0 0 6px; }
        .tl-label { font-size: 12px; fill: var(--ink); }
        .tl-axis { font-size: 11px; fill: var(--muted); }
        .tl-grid { stroke: var(--line); stroke-width: 1; }
        .tl-window { stroke: none; opacity: .85; fill: var(--unknown); }
        .tl-window.state-fresh { fill: var(--fresh); }
        .tl-window.state-overdue { fill: var(--overdue); }
        .tl-window.state-expired { fill: var(--expired); }
        .tl-window.state-no_trust { fill: var(--no_trust); }
        .tl-missing { fill: none; stroke: var(--no_trust); stroke-dasharray: 4 3; }
        .tl-signer { fill: #6f42c1; }
        .tl-expiring { fill: var(--expired); }
        .tl-now { stroke: var(--accent); stroke-width: 2; }
        .tl-now-label { font-size: 11px; fill: var(--accent); font-weight: 600; }
        .legend { color: var(--muted); font-size: 12px; }
        .legend .key { display: inline-block; width: 14px; height: 10px; margin: 0 4px 0 12px; vertical-align: middle;
          background: var(--unknown); }
        .legend .key.state-fresh { background: var(--fresh); } .legend .key.state-overdue { background: var(--overdue); }
        .legend .key.state-expired { background: var(--expired); }
        .legend .key.state-no_trust { background: var(--no_trust); }
        .legend .key.signer { background: #6f42c1; width: 8px; } .legend .key.expiring { background: var(--expired); width: 4px; }
        .legend .key.now { background: var(--accent); width: 3px; }
        .event { border-bottom: 1px solid var(--line); padding: 6px 0; }
        .event:last-child { border-bottom: none; }
        .event-head { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
        .event ul { margin: 4px 0 0 18px; padding: 0; }
        .changes { color: var(--muted); font-size: 12px; }
        .added { color: var(--fresh); } .removed { color: var(--expired); }
        details summary { cursor: pointer; }

        """#
}
