// The diagnostics list: hexv check's code, message, labels and help for each, in its order;
// clicking one selects its primary span in the source.
'use strict';
window.hexvDiagnostics = {
  /** Fills `list` from a check reply; `select(start, end)` receives byte offsets. */
  show(list, reply, select) {
    list.replaceChildren();
    if (!reply.ok) return;
    for (const d of reply.diagnostics) {
      const li = document.createElement('li');
      li.className = d.severity;
      const primary = d.spans.find((s) => s.primary) || d.spans[0];
      const where = primary ? `${primary.line}:${primary.column} ` : '';
      const head = document.createElement('div');
      head.textContent = `${where}${d.severity}: ${d.message} `;
      const code = document.createElement('span');
      code.className = 'code';
      code.textContent = d.code;
      head.append(code);
      li.append(head);
      for (const s of d.spans) {
        if (!s.label) continue;
        const label = document.createElement('div');
        label.textContent = `${s.line}:${s.column}: ${s.label}`;
        li.append(label);
      }
      if (d.help) {
        const help = document.createElement('div');
        help.className = 'help';
        help.textContent = `help: ${d.help}`;
        li.append(help);
      }
      if (primary) {
        li.dataset.start = primary.start;
        li.dataset.end = primary.end;
        li.addEventListener('click', () => select(primary.start, primary.end));
      }
      list.append(li);
    }
  },
};
