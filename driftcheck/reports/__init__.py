"""Report renderers shared by ``driftcheck compare`` and ``driftcheck check``.

API (one call for every command)::

    from driftcheck.reports import ReportContext, render, exit_code

    text = render(findings, "sarif", ReportContext(command="check", sources={"input": "m.py"}))
    rc = exit_code(findings, fail_on="major")   # 0 clean, 1 findings at or above fail_on

- ``findings`` are ``driftcheck.findings.Finding``. A verifier finding usually has one location;
  a drift finding has ``values`` keyed by side (``left`` / ``right``) and one location per side
  (``Location.side``); renderers handle both shapes without knowing which command made them.
- ``fmt`` is one of ``FORMATS``: text (terminal; ANSI colour only when ``context.color``, which
  the command sets from ``isatty``), json, markdown (PR comment), sarif (2.1.0, code scanning),
  github (workflow commands ``::error file=...,line=...::``).
- Paths in locations are written relative to ``context.root`` (default: the working directory)
  when they lie under it, so SARIF and GitHub annotations point at repository files.
- ``concise`` is one line per finding, ``path:line:col: ID message`` (as ruff and flake8 print).
- Both calls pass the findings through the linter layer the CLI opened (``driftcheck.selection``:
  selection, config severities and ignores, inline comments, the baseline, ``--exit-zero``,
  ``NO_COLOR`` / ``FORCE_COLOR``); with no layer open they take the findings as given.
- Renderers never reorder the meaning of a finding; they list findings worst first (stable).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from driftcheck.errors import DriftcheckError
from driftcheck.findings import Finding, Severity
from driftcheck.reports.common import ReportContext, ordered, summary

FORMATS = ("text", "json", "markdown", "sarif", "github", "concise")
PAGE_FORMATS = ("html",)
"""Formats that need more than the findings (``html`` draws both sides' graphs): ``compare``
only, not in the golden matrix of ``FORMATS``."""

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
    elif fmt == "concise":
        from driftcheck.reports.concise import render_concise as fn
    elif fmt == "html":
        from driftcheck.reports.html import render_html as fn
    else:
        raise DriftcheckError(
            f"unknown report format {fmt!r} (expected one of {', '.join(FORMATS + PAGE_FORMATS)})"
        )
    return fn


def render(
    findings: Sequence[Finding], fmt: str = "text", context: ReportContext | None = None
) -> str:
    """Render ``findings`` in ``fmt``; the result ends with a newline unless it is empty."""
    from dataclasses import replace

    from driftcheck import selection

    ctx = context or ReportContext()
    layer = selection.current()
    ctx = replace(ctx, color=selection.color(ctx.color))
    if layer is not None and layer.quiet:
        ctx = replace(ctx, quiet=True)
    return _renderer(fmt)(selection.apply(findings), ctx)


def exit_code(findings: Sequence[Finding], fail_on: str | Severity | None = None) -> int:
    """1 when some finding is at or above ``fail_on`` (default ``selection.DEFAULT_FAIL_ON``,
    major), else 0. One scale: info < minor = warning < major < blocker."""
    from driftcheck import selection

    return selection.exit_status(findings, fail_on)
