"""Report renderers shared by ``driftcheck compare`` and ``driftcheck check``.

API (one call for every command)::

    from driftcheck.reports import ReportContext, render, exit_code

    text = render(findings, "sarif", ReportContext(command="check", sources={"input": "m.py"}))
    rc = exit_code(findings, fail_on="minor")   # 0 clean, 1 findings at or above fail_on

- ``findings`` are ``driftcheck.findings.Finding``. A verifier finding usually has one location;
  a drift finding has ``values`` keyed by side (``left`` / ``right``) and one location per side
  (``Location.side``); renderers handle both shapes without knowing which command made them.
- ``fmt`` is one of ``FORMATS``: text (terminal; ANSI colour only when ``context.color``, which
  the command sets from ``isatty``), json, markdown (PR comment), sarif (2.1.0, code scanning),
  github (workflow commands ``::error file=...,line=...::``).
- Paths in locations are written relative to ``context.root`` (default: the working directory)
  when they lie under it, so SARIF and GitHub annotations point at repository files.
- Renderers never reorder the meaning of a finding; they list findings worst first (stable).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from driftcheck.errors import DriftcheckError
from driftcheck.findings import Finding, Severity
from driftcheck.reports.common import ReportContext, ordered, summary

FORMATS = ("text", "json", "markdown", "sarif", "github")

__all__ = ["FORMATS", "ReportContext", "exit_code", "ordered", "render", "summary"]


def _renderer(fmt: str) -> Callable[[list[Finding], ReportContext], str]:
    if fmt == "text":
        from driftcheck.reports.text import render_text as fn
    elif fmt == "json":
        from driftcheck.reports.jsonout import render_json as fn
    elif fmt == "markdown":
        from driftcheck.reports.markdown import render_markdown as fn
    elif fmt == "sarif":
        from driftcheck.reports.sarif import render_sarif as fn
    elif fmt == "github":
        from driftcheck.reports.github import render_github as fn
    else:
        raise DriftcheckError(
            f"unknown report format {fmt!r} (expected one of {', '.join(FORMATS)})"
        )
    return fn


def render(
    findings: Sequence[Finding], fmt: str = "text", context: ReportContext | None = None
) -> str:
    """Render ``findings`` in ``fmt``; the result ends with a newline unless it is empty."""
    return _renderer(fmt)(list(findings), context or ReportContext())


def exit_code(findings: Sequence[Finding], fail_on: str | Severity = "minor") -> int:
    """1 when some finding is at or above ``fail_on`` (info | minor | major | ...), else 0.

    ``minor`` ranks with the verifier's ``warning`` and ``major`` below ``blocker``.
    """
    try:
        level = fail_on if isinstance(fail_on, Severity) else Severity.parse(fail_on)
    except ValueError as e:
        raise DriftcheckError(str(e), "--fail-on") from None
    return int(any(f.severity.rank >= level.rank for f in findings))
