"""Findings for literals a copy of a transformers modeling file hard-codes where transformers
reads the config (``hardcoded-config``), for ``driftcheck compare CODE CONFIG``.

The reference is the installed transformers' modeling code for the config's ``model_type``
(read as source by ``refdiff``, never imported); for a ``model_type`` transformers does not
know (remote code), the modeling files the code names itself (``from transformers.models.x...
import``, ``# Copied from transformers.models.x...``). For each literal, the config value it stands
in for is looked up in the completed config the code side was bound to, in the sub-config the
reference function's class receives (its ``config: XConfig`` annotation or ``config_class``,
matched to the sub-config whose ``model_type`` names that class); when the class cannot be
placed, the first config (top level first) that holds the key is used and the evidence says so.

Severity: minor when the literal differs from the config's value, info when it equals it
(consistent today, but it will not follow a config that changes it). A literal whose two
values a graph finding already holds is that finding seen again: the graph finding keeps the
report and gains the reference line as evidence. When the graph comparison found nothing of
minor or above, the message also says the built graphs agree, so the model this config builds
does not use the literal: what an edit looks like in a ``getattr`` default the config overrides,
a class loaded from the installed package, a check that passes either way. Where the graphs
differ (through values derived from the literal, say), nothing is claimed about its use. Which
side is stale is never decided.
"""

from __future__ import annotations

import re
from collections import deque
from pathlib import Path
from typing import TYPE_CHECKING, Any

from driftcheck import safeio
from driftcheck.drift.fork_diff import TEXT_CONFIG, ConfigRead, HardCoded, hardcoded_reads
from driftcheck.findings import Finding, Location, Severity
from driftcheck.graph.facts import NAME_FACTS
from driftcheck.graph.match.policy import check_id
from driftcheck.parsers import hf_registry as reg

if TYPE_CHECKING:
    from driftcheck.drift.sides import CodeSide

KIND = "hardcoded-config"
CHECK_ID = check_id(KIND)
MAX_USER_FILES = 20
MAX_NAMED_FILES = 6
MAX_SUB_DEPTH = 3
TEXT_KEYS = ("text_config", "language_config", "llm_config")


# ---------------------------------------------------------------- files
def reference_files(model_type: str | None, entry: str | None) -> list[Path]:
    """transformers' modeling files for ``model_type`` (its ``models/<x>/modeling_*.py``, and
    the file defining ``entry`` where that lives elsewhere)."""
    pkg = reg.package_dir()
    if pkg is None or not model_type or reg.config_class_name(model_type) is None:
        return []
    folder = pkg / "models" / Path(*reg.module_name(model_type).split("."))
    files = sorted(folder.glob("modeling_*.py")) if folder.is_dir() else []
    if entry:
        own = reg.find_class(entry, "modeling", model_type)
        if own is not None and own not in files:
            files.insert(0, own)
    return files


_NAMED = re.compile(
    r"^\s*(?:from|import|#\s*(?:Copied|Adapted|Modified) from)\s+transformers\.models\.([\w.]+)",
    re.M,
)


def named_references(user_file: Path) -> list[Path]:
    """transformers modeling files the code itself names: ``from transformers.models.llama.
    modeling_llama import ...`` or a ``# Copied from transformers.models.llama...`` comment
    (remote code whose ``model_type`` transformers does not know)."""
    pkg = reg.package_dir()
    text = safeio.read_text_lenient(user_file)
    if text is None:
        return []
    if pkg is None:
        return []
    out: list[Path] = []
    for dotted in dict.fromkeys(_NAMED.findall(text)):
        parts = dotted.split(".")
        folder = pkg / "models" / parts[0]
        named = folder / f"{parts[1]}.py" if len(parts) > 1 else None
        if named is not None and named.name.startswith("modeling") and named.is_file():
            out.append(named)
        elif folder.is_dir():
            out += sorted(folder.glob("modeling_*.py"))
    return list(dict.fromkeys(out))[:MAX_NAMED_FILES]


def user_files(path: str) -> list[Path]:
    p = Path(path)
    if p.is_file():
        return [p]
    if p.is_dir():
        return sorted(p.rglob("modeling*.py"))[:MAX_USER_FILES]
    return []


# ---------------------------------------------------------------- config values
def _configs(completed: dict[str, Any], model_type: str | None) -> list[tuple]:
    """(path, dict, config class name) for the config and its sub-configs, top level first."""
    root = reg.config_class_name(model_type) if model_type else None
    out: list[tuple] = [((), completed, root)]
    queue = deque(out)
    while queue:
        path, d, _ = queue.popleft()
        if len(path) >= MAX_SUB_DEPTH:
            continue
        for k, v in d.items():
            if isinstance(v, dict) and (
                isinstance(v.get("model_type"), str) or k.endswith("_config")
            ):
                mt = v.get("model_type")
                item = ((*path, k), v, reg.config_class_name(mt) if isinstance(mt, str) else None)
                out.append(item)
                queue.append(item)
    return out


def _navigate(d: dict[str, Any], path: tuple[str, ...]) -> tuple[dict, tuple] | None:
    keys: tuple = ()
    for name in path:
        if name == TEXT_CONFIG:
            sub = next((k for k in TEXT_KEYS if isinstance(d.get(k), dict)), None)
            if sub is not None:
                d, keys = d[sub], (*keys, sub)
            continue
        if not isinstance(d.get(name), dict):
            return None
        d, keys = d[name], (*keys, name)
    return d, keys


def config_value(
    configs: list[tuple], read: ConfigRead, config_class: str | None
) -> tuple[str, Any, bool] | None:
    """(dotted config key, value, placed) for ``read`` in the function's config; ``placed`` is
    False when the function's config class was not found and the first holder was taken."""
    placed = [c for c in configs if config_class and c[2] == config_class]
    for group, exact in ((placed, True), (configs, False)):
        for path, d, _ in group:
            got = _navigate(d, read.path)
            if got is not None and read.attr in got[0]:
                key = ".".join((*path, *got[1], read.attr))
                return key, got[0][read.attr], exact
    return None


# ---------------------------------------------------------------- findings
def _same(a: Any, b: Any) -> bool:
    from driftcheck.graph.match.diff import same

    return same(a, b)


def _holds(value: Any, x: Any) -> bool:
    if isinstance(value, (list, tuple)) and not isinstance(x, (list, tuple)):
        return any(_same(v, x) for v in value)
    return _same(value, x)


def _fmt(v: Any) -> str:
    from driftcheck.graph.match.policy import fmt

    return repr(v) if isinstance(v, str) else fmt(v)


def _relative(path: Path, base: Path | None) -> str:
    try:
        return str(path.relative_to(base)) if base else path.name
    except ValueError:
        return path.name


def source_findings(
    code: CodeSide, graph_findings: list[Finding], labels: dict[str, str]
) -> list[Finding]:
    """The ``hardcoded-config`` findings of ``code`` against its reference files; a literal a
    graph finding already reports adds its reference line to that finding's evidence."""
    refs = reference_files(code.model_type, code.entry)
    configs = _configs(code.config, code.model_type)
    pkg = reg.package_dir()
    agree = not any(
        f.severity.rank >= Severity.minor.rank or f.kind == "incomplete" for f in graph_findings
    )  # an incomplete side (facts only) compared no layers: nothing to say about use
    groups: dict[tuple, tuple[Finding, list[int]]] = {}
    for path in user_files(code.path):
        for h in hardcoded_reads(path, refs or named_references(path)):
            got = config_value(configs, h.read, h.ref_config_class)
            if got is None:
                continue  # the config does not hold the key: nothing to compare the literal with
            key, value, placed = got
            ref = f"transformers' {_relative(h.ref_file, pkg)}:{h.ref_line}"
            said = f"{path}:{h.line} hard-codes {_fmt(h.literal)} where {ref} reads {h.read.text}"
            twin = next(
                (
                    f
                    for f in graph_findings
                    if _holds(f.values.get(code.side), h.literal)
                    and _holds(f.values.get(code.other), value)
                ),
                None,
            )
            if twin is not None and not _same(h.literal, value):
                twin.evidence = "; ".join(x for x in (twin.evidence, said) if x)
                continue
            # one finding per literal, read and function: ``bias=False`` on q/k/v is one place
            group = (path, h.qualname, h.read.text, repr(h.literal), key)
            if group in groups:
                groups[group][1].append(h.line)
                continue
            found = _finding(code, h, path, (key, value, placed), ref, agree, labels)
            groups[group] = (found, [h.line])
    out = []
    for found, lines in groups.values():
        if len(lines) > 1:
            found.message += f" ({len(lines)} places: lines {', '.join(map(str, lines))})"
        out.append(found)
    return out


def _finding(
    code: CodeSide,
    h: HardCoded,
    path: Path,
    held: tuple[str, Any, bool],
    ref: str,
    agree: bool,
    labels: dict[str, str],
) -> Finding:
    """``agree``: the graph comparison found nothing of minor or above, so the literal does
    not change the model this config builds (as far as the graphs show); only then is that
    said. Where the graphs differ, the message states the two values and nothing more."""
    key, value, placed = held
    equal = _same(h.literal, value)
    cfg_label = labels.get(code.other, code.config_display)
    name = labels.get(code.side, path.name) if Path(code.path).is_file() else path.name
    head = f"{name}:{h.line} hard-codes {_fmt(h.literal)} where {ref} reads {h.read.text}"
    if equal:
        tail = f"equal to {key} in {cfg_label}, but it will not follow a config that changes it"
    elif agree:
        tail = (
            f"{cfg_label} has {key} = {_fmt(value)}; the graphs built from both sides agree: "
            "the literal is not used by the model this config builds (as driftcheck reads it)"
        )
    else:
        tail = f"{cfg_label} has {key} = {_fmt(value)}"
    notes = [f"reference: {h.ref_file}:{h.ref_line} ({h.ref_qualname})"]
    if not placed:
        cls = h.ref_config_class or "the config class"
        notes.append(f"{cls} of {h.ref_qualname} is none of this config's classes: {key} read")
    fact = NAME_FACTS.get(h.read.attr)
    return Finding(
        check_id=CHECK_ID,
        name=KIND,
        kind=KIND,
        severity=Severity.info if equal else Severity.minor,
        message=f"{head}; {tail}",
        attribute=f"model.{fact}" if fact else f"config.{key}",
        values={code.side: h.literal, code.other: value},
        locations=[
            Location(file=str(path), line=h.line, column=h.column + 1, side=code.side),
            Location(file=code.config_display, key=key, side=code.other),
        ],
        evidence="; ".join(notes),
    )
