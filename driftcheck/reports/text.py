"""Terminal report: one line per finding, its locations indented below, a summary last.

Colour (ANSI) only when ``context.color`` is set; the command sets it from ``isatty`` so piped
output and golden files stay plain.
"""

from __future__ import annotations

from driftcheck.findings import Finding, Severity
from driftcheck.reports.common import ReportContext, fmt_value, level, ordered, summary_line

_COLOURS = {"error": "\x1b[1;31m", "warning": "\x1b[33m", "note": "\x1b[36m"}
_RESET = "\x1b[0m"


def _paint(text: str, sev: Severity, on: bool) -> str:
    if not on:
        return text
    return f"{_COLOURS[level(sev)]}{text}{_RESET}"


def _label(f: Finding) -> str:
    # drift findings say their kind; a check finding its id and name (SHP001 shape-mismatch)
    return f.kind or f"{f.check_id} {f.name}"


def render_text(findings: list[Finding], ctx: ReportContext) -> str:
    lines: list[str] = []
    if ctx.command == "compare" and ctx.sources and not ctx.quiet:
        lines.append("comparing " + " with ".join(f"{s}: {p}" for s, p in ctx.sources.items()))
    width = max((len(_label(f)) for f in findings), default=0)
    for f in ordered(findings):
        head = _paint(f"{f.severity.value:<7}", f.severity, ctx.color)
        lines.append(f"{head} {_label(f):<{width}}  {f.message}")
        for loc in f.locations:
            side = loc.side or "at"
            value = f" = {fmt_value(f.values[loc.side])}" if loc.side in f.values else ""
            lines.append(f"{'':8}{side + ':':<7}{ctx.where(loc)}{value}")
        if f.evidence:
            lines.append(f"{'':8}why:   {f.evidence}")
    if not ctx.quiet:
        lines.append(summary_line(findings))
    return "\n".join(lines) + "\n" if lines else ""
