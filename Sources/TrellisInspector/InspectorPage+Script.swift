// The inspector page's inline style sheet and script. The script reads the
// page's JSON data block, draws each cell's glyphs when the cell comes near
// the viewport, and fills the details panel for the selected view;
// the selection lives in the URL fragment (`#view=c3v2`), so a reload (or
// `--watch`) keeps it and a link can point at a view. `&solo=c3` shows
// that cell's picture alone at the page's top-left corner, one CSS pixel
// per point (for screenshots of one cell).

extension InspectorPage {
    static let css = """
        :root{font:14px/1.4 system-ui,sans-serif;color:#1c1c1e;background:#f2f2f7}
        body{margin:0}
        header{padding:12px 16px;background:#fff;border-bottom:1px solid #c6c6c8}
        h1{font-size:20px;margin:0}
        h2{font-size:16px;margin:8px 0}
        h3{font-size:13px;margin:4px 0;font-weight:600}
        .summary{margin:4px 0;color:#3a3a3c}
        #problems ul{margin:4px 0;padding-left:20px;max-height:240px;overflow:auto}
        #problems pre{white-space:pre-wrap;font-size:12px;background:#fff1f0;padding:4px;margin:2px 0}
        #problems li.conflict{color:#b00020}
        #problems li.disagreement{color:#a0008a}
        .layout{display:flex;align-items:flex-start}
        main{flex:1;display:flex;gap:24px;padding:12px 16px;overflow-x:auto}
        .column{flex:none}
        .cell{content-visibility:auto;contain-intrinsic-size:auto 300px;background:#fff;border:1px solid #c6c6c8;border-radius:6px;padding:6px;margin-bottom:12px}
        .cell.conflict{border:2px solid #ff3b30}
        .cell.disagree{border:2px dashed #d100c8}
        .badge{font-size:11px;padding:1px 5px;border-radius:8px;color:#fff;background:#8e8e93}
        .badge.conflict{background:#ff3b30}
        .badge.disagree{background:#d100c8}
        .body{display:flex;gap:8px;align-items:flex-start}
        svg.picture{flex:none;overflow:visible;background:#fff}
        svg.glyphs{position:absolute;width:0;height:0}
        rect.view{stroke-width:1px;vector-effect:non-scaling-stroke;cursor:pointer}
        rect.view.conflicting{stroke:#ff3b30;stroke-width:2px;stroke-dasharray:4 2}
        rect.view.ambiguous{stroke:#ff9500;stroke-width:2px;stroke-dasharray:2 2}
        rect.view.selected{stroke:#000;stroke-width:2px}
        rect.other-frame{fill:none;stroke:#d100c8;stroke-width:1.5px;stroke-dasharray:3 2;pointer-events:none}
        g.text{fill:#141414;pointer-events:none}
        .tree{list-style:none;margin:0;padding:0;min-width:150px;font-size:12px}
        .tree .item{padding:1px 4px;border-radius:3px;cursor:pointer;white-space:nowrap}
        .item[aria-level="2"]{padding-left:16px}.item[aria-level="3"]{padding-left:28px}
        .item[aria-level="4"]{padding-left:40px}.item[aria-level="5"]{padding-left:52px}
        .item[aria-level="6"]{padding-left:64px}
        .tree .item:focus{outline:2px solid #007aff}
        .tree .item[aria-selected=true]{background:#d8e8ff}
        .tree .item.conflicting{color:#b00020;font-weight:600}
        .tree .item.ambiguous{color:#b35c00}
        .tree .item.hidden{color:#8e8e93}
        .swatch{display:inline-block;width:9px;height:9px;margin-right:4px;border-radius:2px}
        .kind{color:#8e8e93}
        aside{position:sticky;top:0;width:460px;max-height:100vh;overflow:auto;background:#fff;border-left:1px solid #c6c6c8;padding:8px 12px;box-sizing:border-box}
        aside dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 10px;margin:4px 0}
        aside dt{color:#636366}
        aside dd{margin:0}
        table.constraints{border-collapse:collapse;font-size:12px;width:100%}
        table.constraints td,table.constraints th{text-align:left;padding:2px 4px;border-bottom:1px solid #e5e5ea;vertical-align:top}
        table.constraints td.constraint{font-family:ui-monospace,monospace;word-break:break-word}
        tr.violated{background:#fff4e5}
        tr.broken{background:#ffe5e3;color:#b00020;font-weight:600}
        tr.conflicting td.constraint{text-decoration:underline wavy #ff3b30}
        aside pre{white-space:pre-wrap;font-size:11px;background:#fff1f0;padding:4px}
        body.solo header,body.solo aside,body.solo main>section>h2,body.solo .cell>h3,body.solo .tree,body.solo article:not(.solo-cell){display:none}
        body.solo svg.picture{position:fixed;left:0;top:0;z-index:1}
        body.solo .cell{border:none;padding:0;margin:0;content-visibility:visible;contain:none}
        """

    static let script = """
        (function () {
          'use strict';
          const data = JSON.parse(document.getElementById('trellis-data').textContent);
          const details = document.getElementById('details');
          let solo = null;
          function fmt(n) { return n === null ? '–' : String(Math.round(n * 1000) / 1000); }
          function rect(r) { return '(' + r.map(fmt).join(', ') + ')'; }
          function size(s) { return s.map(function (v) { return v < 0 ? 'none' : fmt(v); }).join(' × '); }
          function el(tag, className, text) {
            const e = document.createElement(tag);
            if (className) e.className = className;
            if (text !== undefined) e.textContent = text;
            return e;
          }
          function parse(id) {
            const m = /^c(\\d+)v(\\d+)$/.exec(id || '');
            if (!m) return null;
            const cell = data.cells[Number(m[1])];
            const view = cell && cell.views[Number(m[2])];
            return view ? { cell: cell, view: view } : null;
          }
          function render(cell, view) {
            details.replaceChildren();
            details.appendChild(el('h2', 'name', view.name + ' (' + view.kind + ')'));
            details.appendChild(el('p', 'place', cell.place + ' at ' + fmt(cell.width) + ' pt, cell height ' + fmt(cell.height)));
            const dl = el('dl', 'facts');
            function fact(term, value, key) {
              const dt = el('dt', null, term);
              const dd = el('dd', null, value);
              dd.dataset.fact = key;
              dl.appendChild(dt); dl.appendChild(dd);
            }
            fact('Frame', rect(view.frame), 'frame');
            fact('In the cell', rect(view.inCell), 'inCell');
            if (view.other) fact((cell.otherPath ? cell.otherPath.name : 'other path') + ' frame', rect(view.other), 'other');
            fact('Intrinsic size', size(view.intrinsic), 'intrinsic');
            fact('Hugging (h, v)', view.hugging.map(fmt).join(', '), 'hugging');
            fact('Compression resistance (h, v)', view.compression.map(fmt).join(', '), 'compression');
            if (view.hidden) fact('Hidden', 'yes', 'hidden');
            if (view.text !== undefined) {
              fact('Text', view.text, 'text');
              fact('Lines', String(view.lines), 'lines');
            }
            if (view.ambiguous.length) fact('Needs constraints for', view.ambiguous.join(', '), 'ambiguous');
            details.appendChild(dl);
            details.appendChild(el('h3', null, 'Constraints (' + view.constraints.length + ')'));
            const table = el('table', 'constraints');
            const head = el('tr');
            ['Constraint', 'Priority', 'Holds'].forEach(function (t) { head.appendChild(el('th', null, t)); });
            table.appendChild(el('thead')).appendChild(head);
            const body = el('tbody');
            view.constraints.forEach(function (index) {
              const c = cell.constraints[index];
              const holds = c[2] <= 0.001;
              const tr = el('tr', c[3] ? 'broken' : (holds ? 'holds' : 'violated'));
              if (c[4]) tr.classList.add('conflicting');
              tr.appendChild(el('td', 'constraint', data.strings[c[0]]));
              tr.appendChild(el('td', 'priority', fmt(c[1])));
              let status = holds ? 'holds' : 'violated by ' + fmt(c[2]);
              if (c[3]) status = 'broken to resolve a conflict' + (holds ? '' : ', off by ' + fmt(c[2]));
              tr.appendChild(el('td', 'status', status));
              body.appendChild(tr);
            });
            table.appendChild(body);
            details.appendChild(table);
            if (cell.conflicts.length) {
              details.appendChild(el('h3', null, 'Conflicts in this cell'));
              cell.conflicts.forEach(function (log) { details.appendChild(el('pre', 'conflict', log)); });
            }
          }
          function fragment(id) {
            const parts = [];
            if (id) parts.push('view=' + id);
            if (solo) parts.push('solo=' + solo);
            return '#' + parts.join('&');
          }
          function select(id, focus) {
            const found = parse(id);
            if (!found) return;
            document.querySelectorAll('.selected').forEach(function (e) { e.classList.remove('selected'); });
            document.querySelectorAll('[role=treeitem][aria-selected=true]').forEach(function (e) {
              e.setAttribute('aria-selected', 'false');
            });
            document.querySelectorAll('[data-view="' + id + '"]').forEach(function (e) { e.classList.add('selected'); });
            const item = document.getElementById(id);
            if (item) {
              item.setAttribute('aria-selected', 'true');
              item.closest('[role=tree]').querySelectorAll('[role=treeitem]').forEach(function (e) {
                e.tabIndex = e === item ? 0 : -1;
              });
              if (focus && document.activeElement !== item) item.focus();
            }
            render(found.cell, found.view);
            if (location.hash !== fragment(id)) history.replaceState(null, '', fragment(id));
          }
          document.addEventListener('click', function (event) {
            const target = event.target.closest('[data-view]');
            if (target) select(target.dataset.view, target.getAttribute('role') === 'treeitem');
          });
          document.addEventListener('focusin', function (event) {
            const target = event.target;
            if (target.getAttribute && target.getAttribute('role') === 'treeitem') select(target.id, false);
          });
          document.addEventListener('keydown', function (event) {
            const item = event.target;
            if (!item.getAttribute || item.getAttribute('role') !== 'treeitem') return;
            const items = Array.from(item.closest('[role=tree]').querySelectorAll('[role=treeitem]'));
            const at = items.indexOf(item);
            let next = null;
            if (event.key === 'ArrowDown') next = items[Math.min(at + 1, items.length - 1)];
            else if (event.key === 'ArrowUp') next = items[Math.max(at - 1, 0)];
            else if (event.key === 'Home') next = items[0];
            else if (event.key === 'End') next = items[items.length - 1];
            else if (event.key === 'Enter' || event.key === ' ') { select(item.id, true); event.preventDefault(); return; }
            if (next) { next.focus(); event.preventDefault(); }
          });
          function drawText(article) {
            const g = article.querySelector('g.text');
            if (!g || g.dataset.drawn) return;
            g.innerHTML = data.cells[Number(article.id.slice(1))].glyphs;
            g.dataset.drawn = '1';
          }
          const near = 'IntersectionObserver' in window ? new IntersectionObserver(function (entries) {
            entries.forEach(function (entry) {
              if (entry.isIntersecting) { drawText(entry.target); near.unobserve(entry.target); }
            });
          }, { rootMargin: '1000px' }) : null;
          document.querySelectorAll('article.cell').forEach(function (article) {
            if (near) near.observe(article); else drawText(article);
          });
          function fromFragment() {
            const params = new URLSearchParams(location.hash.slice(1));
            solo = params.get('solo');
            document.body.classList.toggle('solo', !!solo);
            document.querySelectorAll('.solo-cell').forEach(function (e) { e.classList.remove('solo-cell'); });
            const soloCell = solo && document.getElementById(solo);
            if (soloCell) { soloCell.classList.add('solo-cell'); drawText(soloCell); }
            if (params.get('view')) select(params.get('view'), false);
          }
          window.addEventListener('hashchange', fromFragment);
          fromFragment();
          if (window.trellisWatch) {
            setInterval(function () {
              const s = document.createElement('script');
              s.src = window.trellisWatch + '?t=' + Date.now();
              s.onload = function () {
                s.remove();
                const disk = window.trellisStampOnDisk;
                // One reload per new stamp: a page whose file is not the watched one
                // (a copy, or a rewrite that failed) must not reload forever.
                if (!disk || disk === window.trellisStamp) return;
                if (sessionStorage.getItem('trellisReloadedFor') === disk) return;
                sessionStorage.setItem('trellisReloadedFor', disk);
                location.reload();
              };
              s.onerror = function () { s.remove(); };
              document.head.appendChild(s);
            }, 1000);
          }
          // Load, then ready: two frames later the cells in view have their text.
          window.addEventListener('load', function () {
            performance.mark('trellis-loaded');
            document.documentElement.dataset.loadedMs = String(Math.round(performance.now()));
            const navigation = performance.getEntriesByType('navigation')[0];
            if (navigation) document.documentElement.dataset.navigation = navigation.type;
            requestAnimationFrame(function () {
              requestAnimationFrame(function () {
                performance.mark('trellis-ready');
                document.documentElement.dataset.readyMs = String(Math.round(performance.now()));
              });
            });
          });
        })();
        """
}
