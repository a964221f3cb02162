"""GitHub Actions workflow commands: one ``::error|warning|notice file=,line=,title=::`` per finding.

The annotation sits at the finding's primary location (a file:line when one exists); the other
locations are named in the message, since an annotation has one place.
"""

from __future__ import annotations

from driftcheck.findings import Finding
from driftcheck.reports.common import ReportContext, level, ordered, primary

_COMMAND = {"error": "error", "warning": "warning", "note": "notice"}


def escape_data(text: str) -> str:
    """A workflow command's message, escaped by GitHub's rules (``%``, CR and LF)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _remote(file: str) -> bool:
    # a hub id or URL is not a file in the checked-out repository: no file= for it
    return file.startswith("hf:") or "://" in file


def render_github(findings: list[Finding], ctx: ReportContext) -> str:
    lines = []
    for f in ordered(findings):
        loc = primary(f)
        props = []
        if loc is not None and loc.file and not _remote(loc.file):
            props.append(f"file={_prop(ctx.relpath(loc.file))}")
            if loc.line is not None:
                props.append(f"line={loc.line}")
        props.append(f"title={_prop(f'{ctx.tool} {f.kind or f.name} ({f.check_id})')}")
        others = [ctx.where(o) for o in f.locations if o is not loc]
        msg = f.message + (f" (see also {'; '.join(others)})" if others else "")
        lines.append(f"::{_COMMAND[level(f.severity)]} {','.join(props)}::{escape_data(msg)}")
    return "\n".join(lines) + ("\n" if lines else "")
