"""One line per finding, ``path:line:col: ID message``, as ruff and flake8 print them.

The path is the finding's primary location (a code line first); a finding with no file uses
the run's input. Line and column are 1-based and 1 when unknown, so every line parses the same.
A drift finding appends where the other side's value comes from (``[left: config.json
[num_hidden_layers] = 12]``). A last line counts the findings, unless ``--quiet``.
"""

from __future__ import annotations

from driftcheck.findings import Finding
from driftcheck.reports.common import ReportContext, fmt_value, ordered, primary, summary_line


def render_concise(findings: list[Finding], ctx: ReportContext) -> str:
    lines: list[str] = []
    fallback = next(iter(ctx.sources.values()), "<input>")
    for f in ordered(findings):
        loc = primary(f)
        path = ctx.relpath(loc.file) if loc and loc.file else fallback
        line = loc.line if loc and loc.line else 1
        col = loc.column if loc and loc.column else 1
        others = [
            f"{x.side}: {ctx.where(x)}"
            + (f" = {fmt_value(f.values[x.side])}" if x.side in f.values else "")
            for x in f.locations
            if x is not loc and x.side
        ]
        tail = f" [{'; '.join(others)}]" if others else ""
        msg = " ".join(f.message.split())
        lines.append(f"{path}:{line}:{col}: {f.check_id} {msg}{tail}")
    if not ctx.quiet:
        lines.append(summary_line(findings))
    return "\n".join(lines) + "\n" if lines else ""
