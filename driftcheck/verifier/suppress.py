"""``# driftcheck: ignore[ID]`` comments on the line of the flagged node.

The line is ``Node.loc`` (where the layer is built in the source file). ``ignore`` without a
list silences every check on that line; ids and names both work (``ignore[SML005]``,
``ignore[stacked-linears, SHP001]``), and so do id prefixes (``ignore[SHP]``, ``ignore[DRF]``),
ids before v0.2.0 (``ignore[DRIFT-PARAM]`` is DRF005) and drift kinds (``ignore[layer-count]``),
all resolved by ``selection.matches`` through the rule registry. A finding is suppressed by a
comment on any line it points at (a compare finding: its code side). Files are read once per
call.
"""

from __future__ import annotations

import re

from driftcheck import safeio
from driftcheck.findings import Finding

_IGNORE = re.compile(r"#\s*driftcheck:\s*ignore(?:\[([^\]]*)\])?", re.IGNORECASE)


def ignored_on(line: str) -> set[str] | None:
    """The ids/names a line ignores; an empty set means all; None means no comment."""
    m = _IGNORE.search(line)
    if m is None:
        return None
    if m.group(1) is None:
        return set()
    return {p.strip().lower() for p in m.group(1).split(",") if p.strip()}


def apply(findings: list[Finding]) -> tuple[list[Finding], list[Finding]]:
    """(kept, suppressed)."""
    cache: dict[str, list[str] | None] = {}
    kept: list[Finding] = []
    dropped: list[Finding] = []
    for f in findings:
        if _suppressed(f, cache):
            dropped.append(f)
        else:
            kept.append(f)
    return kept, dropped


def _suppressed(f: Finding, cache: dict[str, list[str] | None]) -> bool:
    for loc in f.locations:
        if not loc.file or not loc.line:
            continue
        if loc.file not in cache:
            text = safeio.read_text_lenient(loc.file)
            cache[loc.file] = text.splitlines() if text is not None else None
        lines = cache[loc.file]
        if not lines or loc.line > len(lines):
            continue
        ids = ignored_on(lines[loc.line - 1])
        if ids is not None and (not ids or any(_names(f, i) for i in ids)):
            return True
    return False


def _names(f: Finding, key: str) -> bool:
    from driftcheck.selection import matches  # the one resolver, through the rule registry

    return matches(f, key)
