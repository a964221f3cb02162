"""Drift as one service: two sources in, every finding ``driftcheck compare`` prints out.

    load both sides once (``sides``)  ->  match the graphs (``graph.match.compare``)
      -> the fork comparison with transformers' own modeling file (``hardcoded``), code vs config
      -> the serving engines' rules (``serving_rules``, ``checkpoint_rules``), a served side
      -> findings, worst first

Commands and hooks call ``compare_sources``; nothing here prints (``say`` receives what the
loader picked, for stderr).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from driftcheck.drift.serving_base import UNREAD
from driftcheck.drift.sides import Say, Sides, _quiet, load_sides
from driftcheck.findings import Finding
from driftcheck.graph.model import Graph
from driftcheck.parsers import Reads


def compare_sources(
    left: str,
    right: str,
    entry_left: str | None = None,
    entry_right: str | None = None,
    exact: bool = False,
    say: Say = _quiet,
) -> list[Finding]:
    """Every finding of ``driftcheck compare LEFT RIGHT``, worst first."""
    reads = Reads()
    sides = load_sides(left, right, entry_left, entry_right, exact, say, reads)
    return drift(sides, left, right)


def labels(left: str, right: str) -> dict[str, str]:
    """Short side names for messages: the file names, or the full sources when those clash."""
    names = [_short(left), _short(right)]
    if names[0] == names[1]:
        names = [left, right]
    return {"left": names[0], "right": names[1]}


def _short(source: str) -> str:
    if source.startswith("hf:"):
        return source
    path = source.split("::", 1)[0].rstrip("/")
    return Path(path).name or path


def drift(sides: Sides, left: str, right: str) -> list[Finding]:
    """Every finding for two loaded sides: the graph matcher's, the literals the code
    hard-codes where transformers reads the config, the serving engines' rules; plus, for
    code that reads its sizes from the environment, the drift its defaults show
    (``env_default_findings``)."""
    findings = _drift(sides, left, right)
    return findings + env_default_findings(sides, left, right, findings)


_ENV_READS = ("environ", "getenv")


def env_default_findings(
    sides: Sides, left: str, right: str, findings: list[Finding]
) -> list[Finding]:
    """Drift that the code's environment defaults show, never hiding one (session 37).

    ``int(os.environ.get("HEADS", "4"))`` in the code under analysis is unknown by default
    (the launch may set ``HEADS``; ``--assume-env-defaults`` reads it as ``4``). Here the
    sides are loaded a second time with the defaults assumed, and a finding (minor or above)
    of that pass that the first did not give is added, capped at ``minor`` and naming each
    default taken: the code *as written*, run with the variables unset, disagrees with the
    config. A value that agrees with the config under its default stays unknown (the first
    pass's note): the launch may still set another value, so agreement is never claimed from
    a default, and every finding of the first pass is kept -- the set of findings only grows.
    Off with ``DRIFTCHECK_NO_ENV_DEFAULT_DRIFT=1``, and when the flag is on already (the
    first pass then read the defaults)."""
    import os
    import re

    from driftcheck.findings import Severity
    from driftcheck.parsers.source.library.environ import assume_env_defaults, assuming

    code = sides.code
    if code is None or sides.again is None or assuming():
        return []
    if os.environ.get("DRIFTCHECK_NO_ENV_DEFAULT_DRIFT") == "1":
        return []
    from driftcheck.drift.unread import code_files

    try:
        texts = [f.read_text(encoding="utf-8", errors="replace") for f in code_files(code.path)]
    except OSError:
        return []
    if not any(w in t for t in texts for w in _ENV_READS):
        return []
    with assume_env_defaults() as notes:
        try:
            again = sides.again()
        except Exception:  # noqa: BLE001 - the second pass is extra: the first stands
            return []
        second = _drift(again, left, right)
    if not notes:
        return []
    seen = {(f.check_id, f.message) for f in findings}
    names = sorted({m.group(1) for n in notes if (m := re.search(r": (\S+) assumed unset", n))})
    shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
    why = f"{shown} unset, their defaults in the code taken" if names else "defaults taken"
    out = []
    for f in second:
        if f.severity.rank < 1 or (f.check_id, f.message) in seen:
            continue
        sev = f.severity if f.severity.rank <= Severity.minor.rank else Severity.minor
        msg = f"{f.message} (with {why}; the launch may set them)"
        out.append(f.model_copy(update={"severity": sev, "message": msg}))
    return out


def _drift(sides: Sides, left: str, right: str) -> list[Finding]:
    from driftcheck.graph.match import compare

    names = labels(left, right)
    findings = compare(*tensor_sides(sides), labels=names)
    if sides.code is not None:
        from driftcheck.drift.hardcoded import source_findings

        try:
            findings += source_findings(sides.code, findings, names)
        except RecursionError:  # code nested past Python's limit: the graph findings stand
            pass
        findings += unread_claims(sides, findings, names)
        findings.sort(key=lambda f: -f.severity.rank)
    return with_serving_rules(findings, sides)


def unread_claims(sides: Sides, findings: list[Finding], names: dict[str, str]) -> list[Finding]:
    """Config keys naming an architecture fact that the code never reads (``unread``)."""
    from driftcheck.drift.unread import unread_findings
    from driftcheck.parsers.hf import attribute_map

    code = sides.code
    if code is None or not code.written:
        return []
    aliases = attribute_map(code.model_type) if code.model_type else {}
    graph = sides.left if code.side == "left" else sides.right
    ref = sides.right if code.side == "left" else sides.left
    return unread_findings(
        code, code.written, findings, names, aliases, code_values(graph), graph, ref
    )


def code_values(graph: Graph) -> dict[str, list[Any]]:
    """Fact -> every value the code's graph shows for it: the facts read off its layers
    (``stated_by_layers``), the facts it states, the values its modules hold (``uses``)."""
    out: dict[str, list[Any]] = {}
    for k, v in stated_by_layers(graph).items():
        out.setdefault(k, []).append(v)
    for k, f in graph.facts.items():
        out.setdefault(k, []).append(f.value)
    for u in graph.uses:
        out.setdefault(u.key, []).append(u.value)
    return out


def stated_by_layers(graph: Graph) -> dict[str, Any]:
    """The facts the matcher derives from a graph's layers (an ``nn.MultiheadAttention``'s
    ``num_heads``, the layer stack's length): a claim the code builds that way is read."""
    from driftcheck.graph.match.canon import canonical
    from driftcheck.graph.match.derive import derive

    return {k: d.value for k, d in derive(canonical(graph)).items()}


def tensor_sides(sides: Sides) -> tuple[Graph, Graph]:
    """The two graphs the matcher compares: a checkpoint whose tensor names line up with the
    other side's state dict is compared tensor by tensor (the serving rules SRV010, SRV012),
    so the matcher gets its facts only, not the layers its reader guessed (``checkpoints``)."""
    from driftcheck.drift.checkpoints import facts_view, is_checkpoint, tensor_mode

    left, right = sides.left, sides.right
    if is_checkpoint(left) and not is_checkpoint(right) and tensor_mode(left, right):
        return facts_view(left), right
    if is_checkpoint(right) and not is_checkpoint(left) and tensor_mode(right, left):
        return left, facts_view(right)
    return left, right


# ---------------------------------------------------------------- serving rules
def serving_findings(
    config_graph: Graph,
    serving_graph: Graph,
    sides: tuple[str, str] = ("left", "right"),
    raw: Any = UNREAD,
) -> list[Finding]:
    """Findings (SRV0xx) from the serving engines' rules; see ``serving_rules``. ``sides``
    names the config and serving sides (``("right", "left")`` when the config is compare's
    RIGHT); ``raw`` the config as written when the caller read it already."""
    from driftcheck.drift.serving_rules import serving_findings as run

    return run(config_graph, serving_graph, sides, raw)


def pair_findings(left: Graph, right: Graph, raw: dict[str, Any] | None = None) -> list[Finding]:
    """SRV findings for ``driftcheck compare LEFT RIGHT``, whichever side is served.

    A config or code side against a serving side runs every rule; a checkpoint against a
    manifest lets the checkpoint play the model (a GGUF knows its context and heads); two
    manifests or two non-serving sides give nothing. ``raw`` (side -> config as written) is
    what the loader read; without it the rules read the config file themselves.
    """
    from driftcheck.parsers.serving import is_serving

    def as_written(side: str) -> Any:
        return UNREAD if raw is None else raw.get(side)

    lk, rk = left.origin.kind, right.origin.kind
    if is_serving(right) and (not is_serving(left) or (lk, rk) == ("checkpoint", "manifest")):
        return serving_findings(left, right, ("left", "right"), as_written("left"))
    if is_serving(left) and (not is_serving(right) or (lk, rk) == ("manifest", "checkpoint")):
        return serving_findings(right, left, ("right", "left"), as_written("right"))
    return []


def with_serving_rules(findings: list[Finding], sides: Sides) -> list[Finding]:
    """Add the serving engines' rules (SRV*) when one side is served; the rule's finding
    replaces a matcher finding that states the same attribute with the same two values."""
    served = pair_findings(sides.left, sides.right, sides.raw)
    if not served:
        return findings

    def key(f: Finding) -> tuple:
        attr = (f.attribute or "").rsplit(".", 1)[-1]
        return attr, tuple(sorted((k, repr(v)) for k, v in f.values.items()))

    by_key = {key(f): f for f in findings}
    for f in served:
        twin = by_key.pop(key(f), None)
        if twin is not None and twin.kind:
            f.kind = twin.kind  # keep the drift kind (quantization, context-length, ...)
    kept = [f for f in findings if key(f) in by_key]
    return sorted(kept + served, key=lambda f: -f.severity.rank)
