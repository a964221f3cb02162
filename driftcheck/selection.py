"""The linter layer every command's findings pass through once, whatever produced them.

``check`` (the verifier) and ``compare`` (the drift matcher, the hard-coded-config source diff,
the serving rules) each build a list of ``Finding``; before it is rendered and scored, the CLI
(``driftcheck/cli.py``) applies, in this order:

1. severities set in ``[tool.driftcheck.severity]`` of the analyzed project's pyproject.toml;
2. selection, as ruff does: ``--select`` (replaces the default: everything), ``--extend-select``
   (adds), ``--ignore`` (removes), then the config's ``ignore`` and ``per-file-ignores``
   (globs relative to the pyproject.toml, matched against the finding's primary file). A
   selector is anything the one rule registry (``driftcheck/rules.py``) names: an id (``SHP001``,
   ``DRF005``, ``SRV003``), a prefix of ids (``SHP``, ``DRF``, ``SRV``, ``DRF01``), a rule name
   (``shape-mismatch``) or drift kind (``layer-count``), or an id from before 0.2.0
   (``DRIFT-PARAM`` is DRF005's alias; ``DRIFT`` alone, a prefix of the old ids, is every DRF);
3. inline ``# driftcheck: ignore[ID]`` comments on any code line a finding points at (also the
   code side of a compare finding, or a ``#`` comment line of a YAML / env manifest);
4. the baseline (``--baseline FILE``), see ``driftcheck/baseline.py``.

The layer is a context (``activate``) the CLI opens around a command; ``reports.render`` and
``reports.exit_code`` call ``apply`` so no command has to know about it.
"""

from __future__ import annotations

import contextvars
import fnmatch
import functools
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from driftcheck import rules
from driftcheck.errors import DriftcheckError
from driftcheck.findings import Finding, Severity

DEFAULT_FAIL_ON = "major"
"""The one default of ``--fail-on`` for check, compare, both pre-commit hooks and the Action."""

SEVERITY_SCALE = tuple(s.value for s, _rank, _meaning in rules.SEVERITY_SCALE)
"""The names of ``rules.SEVERITY_SCALE`` (the one scale), lowest first; ``minor`` and ``warning``
are one rank (drift says minor, the verifier warning)."""


@dataclass
class Layer:
    """What the CLI was asked for; ``apply`` is a pure function of it and the findings."""

    select: list[str] | None = None
    extend_select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    baseline: str | None = None
    update_baseline: bool = False
    exit_zero: bool = False
    quiet: bool = False
    output_file: str | None = None
    stats: dict[str, int] = field(default_factory=dict)
    last: list[Finding] | None = None  # the findings before the baseline, for writing it
    _done: dict[int, list[Finding]] = field(default_factory=dict)

    def selectors(self) -> list[str]:
        return [*(self.select or []), *self.extend_select, *self.ignore]


_ACTIVE: contextvars.ContextVar[Layer | None] = contextvars.ContextVar("layer", default=None)


def current() -> Layer | None:
    return _ACTIVE.get()


@contextmanager
def activate(layer: Layer) -> Iterator[Layer]:
    token = _ACTIVE.set(layer)
    try:
        yield layer
    finally:
        _ACTIVE.reset(token)


# ---------------------------------------------------------------- ids and selectors
LEGACY_PREFIX = "DRIFT"
"""Before 0.2.0 drift findings were ``DRIFT-<KIND>`` (``DRIFT-PARAM``); those ids are the DRF
rules' aliases in ``driftcheck/rules.py`` and keep working everywhere a selector is read (``DRIFT``
alone still selects every drift kind)."""


@dataclass(frozen=True)
class _Words:
    ids: frozenset[str]  # the id and the old ids (upper case): prefixes match these
    names: frozenset[str]  # the name (a DRF rule's name is its drift kind), upper case


@functools.cache
def _registry() -> dict[str, _Words]:
    """Rule id -> the words that name it, read from the one rule registry (``driftcheck.rules``):
    ids, old ids (``DRIFT-PARAM``) and names."""
    out: dict[str, _Words] = {}
    for r in rules.all_rules():
        ids = {r.id, *(a for a in getattr(r, "aliases", ()) if a.upper() == a)}
        names = {r.name, *(a for a in getattr(r, "aliases", ()) if a.upper() != a)}
        out[r.id] = _Words(frozenset(i.upper() for i in ids), frozenset(n.upper() for n in names))
    return out


@functools.cache
def _exact() -> frozenset[str]:
    return frozenset(w for ws in _registry().values() for w in ws.ids | ws.names)


def known_ids() -> dict[str, str]:
    """Every id, old id, name and family a selector may use -> the canonical id (or family)."""
    out: dict[str, str] = {}
    for r in rules.all_rules():
        for word in (r.id, r.name, *getattr(r, "aliases", ())):
            out.setdefault(word, r.id)
    for fam in rules.families():
        out[fam] = fam
    out[LEGACY_PREFIX] = "DRF"
    return out


def did_you_mean(word: str, choices: list[str] | set[str]) -> str:
    """`` (did you mean X?)`` or ``''``, by difflib's ratio, case-insensitively."""
    lower = {c.lower(): c for c in choices}
    import difflib  # only for a word that matched nothing (not on every run's import)

    close = difflib.get_close_matches(word.lower(), list(lower), n=1, cutoff=0.6)
    return f" (did you mean {lower[close[0]]}?)" if close else ""


def _known(selector: str) -> bool:
    """An id, old id, name, or a prefix of an id or old id (``SHP``, ``DRF01``, ``DRIFT-L``)."""
    s = selector.strip().upper()
    return bool(s) and (
        s in _exact() or any(i.startswith(s) for ws in _registry().values() for i in ws.ids)
    )


def validate(selectors: list[str], where: str) -> None:
    """Every selector must name something; a typo is exit 2 with a suggestion."""
    for s in selectors:
        if not _known(s):
            raise DriftcheckError(f"unknown rule {s!r}{did_you_mean(s, set(known_ids()))}", where)


def matches(f: Finding, selector: str) -> bool:
    """Whether a selector (id, old id, name, drift kind, or a prefix of an id or old id) names
    the finding's rule. An exact id, old id or name selects that rule only: ``DRIFT-PARAM`` is
    DRF005, not also DRF016 (``DRIFT-PARAM-COUNT``); ``DRF``, ``DRIFT`` and ``SHP0`` are prefixes."""
    s = selector.strip().upper()
    if not s:
        return False
    if s in _own(f):
        return True
    if s in _exact():
        return False  # names another rule exactly
    return any(i.startswith(s) for i in _words(f).ids)


def _words(f: Finding) -> _Words:
    return _registry().get(f.check_id) or _Words(frozenset({f.check_id.upper()}), frozenset())


def _own(f: Finding) -> set[str]:
    """The words that name exactly the finding's rule (id, old ids, name, drift kind)."""
    ws = _words(f)
    return {*ws.ids, *ws.names, f.name.upper(), *([f.kind.upper()] if f.kind else [])}


def _selected(f: Finding, select: list[str] | None, extend: list[str], ignore: list[str]) -> bool:
    chosen = select is None or any(matches(f, s) for s in select)
    chosen = chosen or any(matches(f, s) for s in extend)
    return chosen and not any(matches(f, s) for s in ignore)


# ---------------------------------------------------------------- project settings per file
def primary_file(f: Finding) -> str | None:
    for test in (lambda x: x.file and x.line, lambda x: x.file):
        for loc in f.locations:
            if test(loc) and not loc.file.startswith("hf:"):
                return loc.file
    return None


def _settings_for(path: str | None, cache: dict):
    from driftcheck.config import Settings, load_settings

    if path is None:
        d = Path.cwd()
    else:
        p = Path(path)
        d = p.parent if not p.is_dir() else p
    key = str(d)
    if key not in cache:
        try:
            cache[key] = load_settings(d)
        except OSError:
            cache[key] = Settings()
    return cache[key]


def _file_ignores(settings, path: str | None) -> list[str]:
    if not settings.per_file_ignores or path is None or settings.path is None:
        return []
    base = settings.path.parent.resolve()
    try:
        rel = os.path.relpath(Path(path).resolve(), base).replace(os.sep, "/")
    except ValueError:
        return []
    out: list[str] = []
    for pattern, ids in settings.per_file_ignores.items():
        if fnmatch.fnmatch(rel, pattern) or fnmatch.fnmatch(Path(rel).name, pattern):
            out += ids
    return out


# ---------------------------------------------------------------- the pipeline
def apply(findings: list[Finding], layer: Layer | None = None) -> list[Finding]:
    """The findings to report and score, after severities, selection, inline comments and the
    baseline. Idempotent and memoized per list: render and exit_code see the same result."""
    layer = layer if layer is not None else current()
    if layer is None:
        return list(findings)
    memo = layer._done.get(id(findings))
    if memo is not None:
        return memo
    from driftcheck.verifier import suppress

    cache: dict = {}
    kept: list[Finding] = []
    stats = {"ignored": 0, "suppressed": 0, "baseline": 0}
    for f in findings:
        path = primary_file(f)
        st = _settings_for(path, cache)
        sev = _override(f, st.severity)
        if sev is not None and sev != f.severity:
            f = f.model_copy(update={"severity": sev})
        ignore = [*layer.ignore, *st.ignore, *_file_ignores(st, path)]
        if not _selected(f, layer.select, [*layer.extend_select, *st.extend_select], ignore):
            stats["ignored"] += 1
            continue
        kept.append(f)
    kept, dropped = suppress.apply(kept)
    stats["suppressed"] = len(dropped)
    layer.last = kept
    if layer.baseline:
        from driftcheck.baseline import filter_new, read_baseline

        if layer.update_baseline or not Path(layer.baseline).exists():
            stats["baseline"] = len(kept)  # written after the run: nothing is new
            kept = []
        else:
            new = filter_new(kept, read_baseline(layer.baseline), layer.baseline)
            stats["baseline"] = len(kept) - len(new)
            kept = new
    layer.stats = stats
    layer._done[id(findings)] = kept
    return kept


def _override(f: Finding, table: dict[str, Severity]) -> Severity | None:
    """The most specific configured severity: an exact id or name beats a prefix."""
    best: tuple[int, Severity] | None = None
    for key, sev in table.items():
        if matches(f, key):
            score = 1000 if key.strip().upper() in _own(f) else len(key)
            if best is None or score > best[0]:
                best = (score, sev)
    return best[1] if best else None


def exit_status(findings: list[Finding], fail_on: str | Severity | None) -> int:
    """1 when a finding is at or above ``fail_on`` (default ``DEFAULT_FAIL_ON``), else 0;
    always 0 under ``--exit-zero``."""
    layer = current()
    level = fail_on or DEFAULT_FAIL_ON
    try:
        sev = level if isinstance(level, Severity) else Severity.parse(level)
    except ValueError as e:
        raise DriftcheckError(str(e), "--fail-on") from None
    rc = int(any(f.severity.rank >= sev.rank for f in apply(findings, layer)))
    return 0 if layer is not None and layer.exit_zero else rc


def color(default: bool) -> bool:
    """NO_COLOR (any non-empty value) turns colour off, FORCE_COLOR on; else ``default``
    (the command's isatty test). A report written to a file is never coloured."""
    layer = current()
    if layer is not None and layer.output_file:
        return False
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return default
