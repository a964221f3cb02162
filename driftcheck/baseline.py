"""Baselines: accept today's findings, report only new ones later (as semgrep and mypy do).

``--baseline FILE`` writes every finding of this run to FILE when FILE does not exist (and
``--update-baseline`` rewrites it); when it exists, a finding is reported only when the baseline
holds no entry with the same rule, file and fingerprint. The fingerprint is a hash of the
content a finding points at, never its line number: for each location the stripped text of the
code line (or the config key), and the message with line numbers taken out. Inserting or
deleting lines above a finding therefore keeps it matched; editing the flagged line makes it
new. Entries are matched as a multiset, so a second identical finding in the same file is new.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import Counter
from pathlib import Path

from driftcheck import safeio
from driftcheck.errors import DriftcheckError
from driftcheck.findings import Finding

VERSION = 1
_LINE_REF = re.compile(r"(?<=\.py):\d+|\bline \d+")


def _relpath(file: str, base: Path) -> str:
    """Paths relative to the baseline file's folder, so any working directory matches."""
    if file.startswith("hf:") or "://" in file:
        return file
    try:
        rel = os.path.relpath(Path(file).resolve(), base)
    except ValueError:
        return file
    return (file if rel.startswith("..") else rel).replace(os.sep, "/")


def _line_text(file: str, line: int, cache: dict[str, list[str] | None]) -> str | None:
    if file not in cache:
        text = safeio.read_text_lenient(file)
        cache[file] = text.splitlines() if text is not None else None
    lines = cache[file]
    if not lines or line < 1 or line > len(lines):
        return None
    return " ".join(lines[line - 1].split())


def fingerprint(f: Finding, base: Path, cache: dict[str, list[str] | None] | None = None) -> str:
    cache = {} if cache is None else cache
    parts = [f.check_id, _LINE_REF.sub("", f.message)]
    for loc in f.locations:
        where = [loc.side or "", _relpath(loc.file, base) if loc.file else "", loc.key or ""]
        if loc.file and loc.line:
            where.append(_line_text(loc.file, loc.line, cache) or "")
        parts.append("|".join(where))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:20]


def _key(f: Finding, base: Path, cache: dict) -> tuple[str, str, str]:
    from driftcheck.selection import primary_file

    path = primary_file(f)
    return f.check_id, _relpath(path, base) if path else "", fingerprint(f, base, cache)


def _base(path: str) -> Path:
    return Path(path).resolve().parent


def write_baseline(path: str, findings: list[Finding]) -> int:
    cache: dict = {}
    entries = []
    for f in findings:
        rule, file, fp = _key(f, _base(path), cache)
        entries.append({"rule": rule, "file": file, "fingerprint": fp, "message": f.message})
    entries.sort(key=lambda e: (e["file"], e["rule"], e["fingerprint"]))
    data = {"tool": "driftcheck", "version": VERSION, "findings": entries}
    try:
        Path(path).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    except OSError as e:
        raise DriftcheckError(f"cannot write baseline: {e.strerror or e}", path) from None
    return len(entries)


def read_baseline(path: str) -> Counter[tuple[str, str, str]]:
    try:
        data = json.loads(safeio.read_text(path))
        if data.get("tool") != "driftcheck" or not isinstance(data.get("findings"), list):
            raise ValueError("not a driftcheck baseline")
        return Counter((e["rule"], e["file"], e["fingerprint"]) for e in data["findings"])
    except OSError as e:
        raise DriftcheckError(f"cannot read baseline: {e.strerror or e}", path) from None
    except (ValueError, KeyError, TypeError, AttributeError) as e:
        raise DriftcheckError(f"bad baseline file ({e})", path) from None


def filter_new(
    findings: list[Finding], baseline: Counter[tuple[str, str, str]], path: str
) -> list[Finding]:
    """The findings the baseline at ``path`` does not hold (each entry matches one finding)."""
    left = Counter(baseline)
    cache: dict = {}
    out = []
    for f in findings:
        k = _key(f, _base(path), cache)
        if left[k] > 0:
            left[k] -= 1
        else:
            out.append(f)
    return out
