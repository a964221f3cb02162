"""Machine-readable report: tool, command, sources, a severity summary and every finding."""

from __future__ import annotations

import json

from driftcheck.findings import Finding
from driftcheck.reports.common import ReportContext, ordered, summary


def render_json(findings: list[Finding], ctx: ReportContext) -> str:
    data = {
        "tool": {"name": ctx.tool, "version": ctx.version},
        "command": ctx.command,
        "sources": dict(ctx.sources),
        "summary": summary(findings),
        "findings": [_dump(f, ctx) for f in ordered(findings)],
    }
    return json.dumps(data, indent=2, default=str) + "\n"


def _dump(f: Finding, ctx: ReportContext) -> dict:
    d = f.model_dump(mode="json", exclude_none=True)
    for loc in d.get("locations", []):
        if "file" in loc:
            loc["file"] = ctx.relpath(loc["file"])
    return d
