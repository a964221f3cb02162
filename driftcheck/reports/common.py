"""What every renderer shares: the context, ordering, paths, values and severity levels."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import driftcheck
from driftcheck.findings import Finding, Location, Severity

SIDE_ORDER = ("left", "right")


@dataclass(frozen=True)
class ReportContext:
    """Everything a renderer needs besides the findings.

    ``sources`` maps a side (``left``/``right``, or ``input`` for a check run) to the source
    it was read from; ``root`` is where relative paths start (None: the working directory).
    """

    command: str | None = None
    sources: dict[str, str] = field(default_factory=dict)
    root: Path | None = None
    color: bool = False
    quiet: bool = False
    tool: str = "driftcheck"
    version: str = driftcheck.__version__
    information_uri: str = "https://github.com/driftcheck/driftcheck"
    graphs: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """compare's loaded sides (``left``/``right`` -> Graph) for renderers that draw them (html)."""

    def relpath(self, file: str) -> str:
        """``file`` relative to the root when it lies under it, with forward slashes."""
        if "://" in file or file.startswith("hf:"):
            return file
        root = (self.root or Path.cwd()).resolve()
        p = Path(file)
        try:
            full = p if p.is_absolute() else (root / p)
            rel = os.path.relpath(full.resolve(), root)
        except (OSError, ValueError):
            return file.replace(os.sep, "/")
        if rel.startswith(".."):
            return str(p).replace(os.sep, "/")
        return rel.replace(os.sep, "/")

    def where(self, loc: Location) -> str:
        """``file:line [key]`` with the file made relative."""
        parts = []
        if loc.file:
            f = self.relpath(loc.file)
            parts.append(f if loc.line is None else f"{f}:{loc.line}")
        if loc.key:
            parts.append(f"[{loc.key}]")
        return " ".join(parts) or "<unknown>"


def ordered(findings: list[Finding]) -> list[Finding]:
    """Worst first; ties keep the producer's order."""
    return sorted(findings, key=lambda f: -f.severity.rank)


def summary(findings: list[Finding]) -> dict[str, Any]:
    counts: dict[str, int] = {}
    for f in findings:
        counts[f.severity.value] = counts.get(f.severity.value, 0) + 1
    worst = max((f.severity for f in findings), key=lambda s: s.rank, default=None)
    return {
        "total": len(findings),
        "bySeverity": {s.value: counts[s.value] for s in Severity if s.value in counts},
        "worst": worst.value if worst else None,
    }


def summary_line(findings: list[Finding]) -> str:
    if not findings:
        return "no findings"
    counts = summary(findings)["bySeverity"]
    parts = ", ".join(f"{n} {s}" for s, n in reversed(list(counts.items())))
    noun = "finding" if len(findings) == 1 else "findings"
    return f"{len(findings)} {noun}: {parts}"


def sides(findings: list[Finding]) -> list[str]:
    """The value sides the findings use, left/right first."""
    seen = {k for f in findings for k in f.values}
    return [s for s in SIDE_ORDER if s in seen] + sorted(seen - set(SIDE_ORDER))


def fmt_value(v: Any) -> str:
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float, str)):
        return str(v)
    return json.dumps(v, sort_keys=True, separators=(", ", ": "), default=str)


def primary(f: Finding) -> Location | None:
    """The location to annotate: the first with file and line, else with a file, else any."""
    locs = f.locations
    for test in (lambda x: x.file and x.line, lambda x: x.file, lambda x: True):
        for loc in locs:
            if test(loc):
                return loc
    return None


def level(sev: Severity) -> str:
    """SARIF / GitHub level: error for major and blocker, warning for minor, note for info."""
    if sev.rank >= Severity.major.rank:
        return "error"
    if sev.rank >= Severity.minor.rank:
        return "warning"
    return "note"
