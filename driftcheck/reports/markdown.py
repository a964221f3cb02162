"""Markdown report for a pull-request comment: a heading with the summary, then one table.

Drift findings get one column per side holding that side's value; check findings (no values)
get the check id instead.
"""

from __future__ import annotations

from driftcheck.findings import Finding
from driftcheck.reports.common import ReportContext, fmt_value, ordered, sides, summary_line


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _code(text: str) -> str:
    return f"`{text}`" if text else ""


def render_markdown(findings: list[Finding], ctx: ReportContext) -> str:
    title = f"driftcheck {ctx.command}" if ctx.command else "driftcheck"
    out = [f"### {title}: {summary_line(findings)}", ""]
    if ctx.sources:
        out += ["| Side | Source |", "|---|---|"]
        out += [f"| {_cell(s)} | {_cell(_code(p))} |" for s, p in ctx.sources.items()]
        out.append("")
    if not findings:
        return "\n".join(out) + "\n"
    cols = sides(findings)
    attrs = any(f.attribute for f in findings)
    kind = "Kind" if any(f.kind for f in findings) else "Check"
    head = ["Severity", kind, *(["Attribute"] if attrs else []), *cols, "Message", "Where"]
    out += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for f in ordered(findings):
        where = "<br>".join(
            _cell((f"{loc.side}: " if loc.side else "") + ctx.where(loc)) for loc in f.locations
        )
        row = [
            f"**{f.severity.value}**" if f.severity.rank >= 2 else f.severity.value,
            _cell(f.kind or f.check_id),
            *([_cell(_code(f.attribute or ""))] if attrs else []),
            *(_cell(fmt_value(f.values[c])) if c in f.values else "" for c in cols),
            _cell(f.message),
            where,
        ]
        out.append("| " + " | ".join(row) + " |")
    return "\n".join(out) + "\n"
