"""Loading the two sides of a comparison, each once.

One ``Reads`` per run holds every file the run reads (a config is read and parsed as JSON once,
whoever asks: the kind of the source, code discovery, the class pick, the config graph, the
serving rules); the code is parsed once (the source parser's AST cache, which the fork
comparison shares). When one side is code and the other a config, the code is analyzed *bound
to that config* (its ``config.x`` reads take the config's values); the class analyzed is the
one the config's ``architectures`` names, else its AutoModel class, else the file's single
top-level model, and the config side is built for the same class where transformers defines it.

The config side is interpreted from transformers' modeling file once per class built: one
interpretation gives the graph (the config's keys laid over it) and the reference facts its
code states (like for like with the code's facts, see ``_code_facts_of_reference``); for code
that is no transformers class, each candidate ``architectures`` class it is scored against is
interpreted once too (issue #15: one graph per side).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from driftcheck import safeio
from driftcheck.errors import DriftcheckError
from driftcheck.graph.model import Graph
from driftcheck.parsers import Reads

if TYPE_CHECKING:
    from driftcheck.parsers.source.analyze import AmbiguousRoot

MAX_SCAN_FILES = 200
CONFIG_KINDS = ("config", "hub")
RAW_LIMIT = 16 * 1024 * 1024
"""The serving rules read a config as written up to this size (vLLM's derived length)."""

Say = Callable[[str], None]
"""Where the service says what it picked (``compare`` prints it on stderr)."""


def _quiet(_: str) -> None:
    return None


@dataclass
class CodeSide:
    """What ``code_against_config`` knew when it bound the code to the config."""

    path: str  # the code file or directory as given
    entry: str | None
    side: str  # "left" or "right"
    config: dict[str, Any]  # the completed config the code was bound to
    config_display: str
    model_type: str | None
    written: dict[str, Any] = field(default_factory=dict)  # the config as written

    @property
    def other(self) -> str:
        return "right" if self.side == "left" else "left"


@dataclass
class Sides:
    """Both sides' graphs, and the code side's binding when code was compared with a config
    (for the source-level comparison with transformers' own modeling file)."""

    left: Graph
    right: Graph
    code: CodeSide | None = None
    raw: dict[str, dict[str, Any]] = field(default_factory=dict)
    """side -> the config as written, for a side read from a config file (serving rules)."""
    again: Any = field(default=None, repr=False, compare=False)
    """``load_sides`` with the same arguments (a fresh ``Reads``): the env-default pass of
    ``service.env_default_findings`` loads the sides again under ``assume_env_defaults``."""


def load_sides(
    left: str,
    right: str,
    entry_left: str | None = None,
    entry_right: str | None = None,
    exact: bool = False,
    say: Say = _quiet,
    reads: Reads | None = None,
) -> Sides:
    sides = _load_sides(left, right, entry_left, entry_right, exact, say, reads)
    sides.again = lambda: _load_sides(left, right, entry_left, entry_right, exact, _quiet, None)
    return sides


def _load_sides(
    left: str,
    right: str,
    entry_left: str | None,
    entry_right: str | None,
    exact: bool,
    say: Say,
    reads: Reads | None,
) -> Sides:
    from driftcheck.parsers import kind_of

    reads = reads if reads is not None else Reads()
    kl, kr = kind_of(left, reads), kind_of(right, reads)
    if kl == "source" and kr in CONFIG_KINDS:
        left, entry_left = _discover_code(left, entry_left, right, "left", say, reads)
    if kr == "source" and kl in CONFIG_KINDS:
        right, entry_right = _discover_code(right, entry_right, left, "right", say, reads)
    if kl == "source" and kr in CONFIG_KINDS:
        code, cfg, bound = code_against_config(
            left, entry_left, right, entry_right, exact, say, reads
        )
        return Sides(code, cfg, bound, _raw({"right": (right, kr)}, reads))
    if kr == "source" and kl in CONFIG_KINDS:
        code, cfg, bound = code_against_config(
            right, entry_right, left, entry_left, exact, say, reads
        )
        bound.side = "right"
        return Sides(cfg, code, bound, _raw({"left": (left, kl)}, reads))
    lg = _load(left, entry_left, kl, exact, reads)
    rg = _load(right, entry_right, kr, exact, reads)
    if kr in CONFIG_KINDS and entry_right is None:
        rg = _checkpoint_reference(lg, rg, right, exact, say, reads)
    if kl in CONFIG_KINDS and entry_left is None:
        lg = _checkpoint_reference(rg, lg, left, exact, say, reads)
    return Sides(lg, rg, raw=_raw({"left": (left, kl), "right": (right, kr)}, reads))


def _checkpoint_reference(
    other: Graph, cfg_graph: Graph, config: str, exact: bool, say: Say, reads: Reads
) -> Graph:
    """A config against a checkpoint: the config's model built as the class whose state dict
    the checkpoint holds (``architectures`` may name a head class the bare AutoModel lacks)."""
    from driftcheck.drift.checkpoints import is_checkpoint, reference_class
    from driftcheck.parsers.hf import load_config_graph
    from driftcheck.parsers.hf_source import read_config

    if not is_checkpoint(other) or is_checkpoint(cfg_graph):
        return cfg_graph
    data = read_config(config, reads).data
    model_type = data.get("model_type") if isinstance(data.get("model_type"), str) else None
    named = data.get("architectures")
    archs = [a for a in named if isinstance(a, str)] if isinstance(named, list) else []
    built = (cfg_graph.origin.detail or "").rpartition("::")[2]
    archs = [a for a in dict.fromkeys(archs) if a != built and _transformers_defines(a, model_type)]

    def build(cls: str) -> Graph | None:
        try:
            return load_config_graph(config, exact=exact, entry=cls, reads=reads)
        except DriftcheckError:
            return None

    best, name = reference_class(other, cfg_graph, archs[:2], build)
    if name is not None:
        say(f"the config side is built as {name}, whose tensors the checkpoint holds")
    return best


def _raw(sides: dict[str, tuple[str, str]], reads: Reads) -> dict[str, dict[str, Any]]:
    """The config as written for each side loaded from a local config file (already read)."""
    from driftcheck.parsers.hf_source import read_config

    out = {}
    for side, (source, kind) in sides.items():
        if kind != "config":
            continue
        src = read_config(source, reads)
        if src.path.stat().st_size <= RAW_LIMIT and "nodes" not in src.data:
            out[side] = src.data
    return out


def _discover_code(
    code: str, entry: str | None, config: str, side: str, say: Say, reads: Reads
) -> tuple[str, str | None]:
    """A repository directory on the code side: pick the model file (and class) to analyze,
    ranked by ``driftcheck.parsers.discover``, and say what was picked."""
    from driftcheck.parsers import split_entry
    from driftcheck.parsers.discover import discover
    from driftcheck.parsers.hf_source import read_config

    path, inline = split_entry(code)
    if not Path(path).is_dir() or entry or inline:
        return code, entry or inline
    archs = read_config(config, reads).data.get("architectures")
    found = discover(Path(path), archs if isinstance(archs, list) else None)
    if found.code is None:
        raise DriftcheckError("no nn.Module subclass found in this directory", path)
    say(f"{side}: {found.summary()}")
    for note in found.notes:
        say(f"{side}: {note}")
    return str(found.code), found.entry


def _load(source: str, entry: str | None, kind: str, exact: bool, reads: Reads) -> Graph:
    from driftcheck.parsers import load

    return load(source, entry=entry, exact=exact, kind=kind, reads=reads)


def code_against_config(
    code: str,
    entry: str | None,
    config: str,
    cfg_entry: str | None,
    exact: bool,
    say: Say = _quiet,
    reads: Reads | None = None,
) -> tuple[Graph, Graph, CodeSide]:
    """(code graph bound to the config, config graph, the binding), both for the same class."""
    from driftcheck.parsers import split_entry
    from driftcheck.parsers.hf import config_graph
    from driftcheck.parsers.hf_defaults import complete
    from driftcheck.parsers.hf_source import read_config
    from driftcheck.parsers.source import parse_source
    from driftcheck.parsers.source.analyze import AmbiguousRoot

    reads = reads if reads is not None else Reads()
    path, inline = split_entry(code)
    entry = entry or inline
    src = read_config(config, reads)
    model_type = src.data.get("model_type")
    model_type = model_type if isinstance(model_type, str) else None
    completed, _ = complete(src.data, model_type) if model_type else (dict(src.data), None)
    if entry is None:
        entry = pick_class(path, src.data, model_type)
    try:
        code_graph = parse_source(path, entry=entry, config=completed, config_path=src.display)
    except AmbiguousRoot as e:
        try:
            entry, code_graph = _largest_root(e, path, completed, src.display)
            say(f"the code side is {entry}, the largest of its top-level classes")
        except AmbiguousRoot:
            entry = _root_under_env_defaults(e, path, completed, src.display)
            if entry is None:
                raise
            code_graph = parse_source(path, entry=entry, config=completed, config_path=src.display)
            say(f"the code side is {entry}, the largest of its classes with its env defaults")
    by_name = False
    if cfg_entry is None and entry and _transformers_defines(entry, model_type):
        cfg_entry, by_name = entry, True
    cfg_graph, code_facts = config_graph(config, exact=exact, entry=cfg_entry, reads=reads)
    named = src.data.get("architectures")
    if cfg_entry is None or (by_name and isinstance(named, list) and entry not in named):
        # the code's class shares a transformers name (a user's ``MixtralModel`` with its own
        # head) that the config does not build: the name decides nothing, the structure does
        cfg_graph, code_facts = _closest_reference(
            code_graph, (cfg_graph, code_facts), config, src.data, model_type, exact, say, reads
        )
    _code_facts_of_reference(cfg_graph, code_facts, code_graph.facts)
    bound = CodeSide(path, entry, "left", completed, src.display, model_type, src.data)
    return code_graph, cfg_graph, bound


MAX_ROOTS = 4
"""Top-level classes tried when a file has several and the config names none of them."""


def _largest_root(
    e: AmbiguousRoot, path: str, config: dict[str, Any], display: str
) -> tuple[str, Graph]:
    """Several top-level module classes and no ``architectures`` class among them (a model
    and a helper module nothing instantiates): the one holding the most parameters is the
    model a config describes, when it is the only one that large among those whose count is
    known (a helper handed a module has none); otherwise the ambiguity stands (``--entry``)."""
    from driftcheck.parsers.source import parse_source

    if len(e.candidates) > MAX_ROOTS:
        raise e
    built: list[tuple[int, str, Graph]] = []
    unsized: list[Graph] = []
    for name in e.candidates:
        try:
            g = parse_source(path, entry=name, config=config, config_path=display)
        except DriftcheckError:
            continue  # a class the config cannot build (its arguments are not a config)
        total = g.params_total()
        if total is not None:  # unknown: a class whose arguments are no config (a helper
            built.append((total, name, g))  # handed a module), not a model the config builds
        else:
            unsized.append(g)
    built.sort(key=lambda b: -b[0])
    if not built or (len(built) > 1 and built[0][0] == built[1][0]) or built[0][0] == 0:
        raise e
    if any(_may_hold(g, built[0][1], built[0][0]) for g in unsized):
        raise e
    return built[0][1], built[0][2]


def _root_under_env_defaults(
    e: AmbiguousRoot, path: str, config: dict[str, Any], display: str
) -> str | None:
    """The root ``_largest_root`` picks with the code's environment defaults assumed, for code
    whose sizes all come from ``os.environ.get(K, D)`` (every candidate unsized, so none is the
    largest): only the *class* is taken from that pass -- the graph compared is the plain one,
    its env-read values unknown (session 37, a GPT-NeoX port with a spare RMSNorm class)."""
    from driftcheck.drift.unread import code_files
    from driftcheck.parsers.source.analyze import AmbiguousRoot
    from driftcheck.parsers.source.library.environ import assume_env_defaults, assuming

    if assuming():
        return None
    try:
        texts = [f.read_text(encoding="utf-8", errors="replace") for f in code_files(path)]
    except OSError:
        return None
    if not any("environ" in t or "getenv" in t for t in texts):
        return None
    with assume_env_defaults() as notes:
        try:
            name, _ = _largest_root(e, path, config, display)
        except AmbiguousRoot:
            return None
    return name if notes else None


def _may_hold(g: Graph, name: str, total: int) -> bool:
    """A candidate whose count is unknown (a size read as unknown) that builds ``name`` inside
    it, or whose known weights alone are as many as ``name``'s: it may be the model, and
    ``name`` a part of it. Picking ``name`` would compare a part as the whole (session 35,
    unknown35: a model whose MLP width reads unknown, its mixer class chosen instead)."""
    from math import prod

    from driftcheck.graph.counting import node_weights

    if any(n.user_class == name and n.parent is not None for n in g.nodes):
        return True
    known = 0
    for n in g.leaves():
        if n.type in ("Input", "Module"):
            continue
        w = node_weights(n)
        if w is not None:
            known += g.multiplicity(n) * sum(prod(s) for k, s in w.items() if k not in n.tied)
    return known >= total


Built = tuple[Graph, dict[str, Any]]
"""A config side: its graph and the facts its modeling code states (``hf.config_graph``)."""


def _closest_reference(
    code: Graph,
    base: Built,
    config: str,
    data: dict[str, Any],
    model_type: str | None,
    exact: bool,
    say: Say,
    reads: Reads,
) -> Built:
    """The config's model as the class closest to the code, when the code is not a
    transformers class: a config describes both the bare model (AutoModel, e.g. LlamaModel)
    and its ``architectures`` (e.g. LlamaForCausalLM, with an LM head). The one whose
    structure differs least from the code (fewest major findings, then fewest findings) is
    the reference; ``say`` tells when that is not the bare model. Names decide nothing here.
    Each candidate is interpreted once; the reference facts come from that interpretation."""
    from driftcheck.graph.match import compare
    from driftcheck.graph.match.flatparams import flat_distance
    from driftcheck.parsers.hf import config_graph

    named = data.get("architectures")
    archs = [a for a in named if isinstance(a, str)] if isinstance(named, list) else []
    built = (base[0].origin.detail or "").rpartition("::")[2]
    archs = [a for a in dict.fromkeys(archs) if a != built and _transformers_defines(a, model_type)]
    if not archs:
        return base

    def score(b: Built) -> tuple[int, int, int, int]:
        g = b[0].model_copy()
        g.facts = dict(g.facts)
        _code_facts_of_reference(g, b[1], code.facts)
        fs = [f for f in compare(code, g) if f.severity.rank >= 1 and not _value_only(f)]
        # code holding every weight as a bare parameter (``flatparams.flat_distance``): a
        # candidate whose weights differ from the code's where the matcher says nothing has
        # a difference left unsaid (counted as one major finding), not none; between equals,
        # the nearest state dict
        near = flat_distance(code, g) or 0
        unsaid = int(near > 0 and not fs)
        majors = sum(f.severity.rank >= 2 for f in fs) + unsaid
        return majors, len(fs) + unsaid, -_values_held(code, g), near

    best, best_score, name = base, score(base), None
    for arch in archs[:2]:
        try:
            b = config_graph(config, exact=exact, entry=arch, reads=reads)
        except DriftcheckError:
            continue
        s = score(b)
        if s < best_score:
            best, best_score, name = b, s, arch
    if name is not None:
        say(f"the config side is built as {name}, closest to the code")
    return best


def _value_only(f: Any) -> bool:
    """A finding on a value no weight shape holds (``VALUE_FACTS``: a logit scale, a rotary
    base): the drift the comparison is for, not structure, so it does not decide which class
    is the reference (a planted ``logit_scale`` would turn the reference to the bare model,
    which holds no logit scale at all, and hide itself)."""
    from driftcheck.graph.facts import VALUE_FACTS

    attr = getattr(f, "attribute", None) or ""
    return attr.startswith("model.") and attr[len("model.") :] in VALUE_FACTS


def _values_held(code: Graph, ref: Graph) -> int:
    """How many facts the code holds values for (``Graph.uses``) that the candidate holds
    values for too: between classes of equal structure, the one that computes what the
    code computes (``CohereForCausalLM`` scales its logits, ``CohereModel`` has none)."""
    return len({u.key for u in code.uses} & {u.key for u in ref.uses})


def _code_facts_of_reference(
    cfg_graph: Graph, code_facts: dict[str, Any], stated_by_code: Any = None
) -> None:
    """Put the reference code's own facts on the config side, where the code states them.

    The code side's facts are what its modules state (``self.num_heads``, the main stack's
    length); the config's facts are its keys. The two can mean different things (a hybrid
    model's mamba heads against ``num_attention_heads``, a vision tower's positions against the
    text model's), so comparing them across sides reports drift where there is none. The
    config graph was built by the same parser from transformers' own modeling file, so its
    code's facts (``code_facts``, from that one interpretation) are the like-for-like
    reference; a config key stays the address of a value wherever the key says the same.

    ``stated_by_code``: the facts the compared code states (its modules' attributes). A
    reference fact its modules read from *another* config key than the one the config states
    the fact by (NemotronH's mamba mixer's ``num_heads = config.mamba_num_heads`` beside
    ``num_attention_heads``) is like for like only with such a statement: where the code
    states no such fact, its value is read off its layers (its attention's split), which is
    what the config's own key means, so the key stays."""
    from driftcheck.graph.match.diff import same

    if cfg_graph.origin.route != "static":
        return
    for key, fact in code_facts.items():
        stated = cfg_graph.facts.get(key)
        if _offset_table(key, stated, fact):
            continue
        if stated_by_code is not None and key not in stated_by_code and _other_key(stated, fact):
            continue
        if stated is None or not same(stated.value, fact.value):
            cfg_graph.facts[key] = fact


def _other_key(stated: Any, fact: Any) -> bool:
    """The config states the fact by one key and the reference code's fact was read from
    another key the config also holds (``mamba_num_heads`` beside ``num_attention_heads``)."""
    a = stated.loc.key if stated is not None and stated.loc is not None else None
    b = fact.loc.key if fact.loc is not None else None
    return bool(a) and bool(b) and a != b


def _offset_table(key: str, stated: Any, fact: Any) -> bool:
    """The config's ``max_position_embeddings`` stays where the reference code's position
    table holds it plus transformers' fixed offset (YOSO / Nystromformer / fairseq-style
    models build ``nn.Embedding(config.max_position_embeddings + 2, ...)``,
    modeling_yoso.py:231): the table is that key's doing, so a drift is told in the key's
    terms (the matcher reads the other side's table less the same offset,
    ``match.facts._position_offset``), not in rows no config states."""
    from driftcheck.graph.match.facts import MAX_POSITION_OFFSET

    if key != "maxPositionEmbeddings" or stated is None or stated.loc is None:
        return False
    if not stated.loc.key or not isinstance(stated.value, int) or isinstance(stated.value, bool):
        return False
    rows = fact.value
    if not isinstance(rows, int) or isinstance(rows, bool):
        return False
    return 0 < rows - stated.value <= MAX_POSITION_OFFSET


def pick_class(path: str, cfg: dict[str, Any], model_type: str | None) -> str | None:
    """The class the config names (architectures, then AutoModel) if the code defines it."""
    archs = cfg.get("architectures")  # a config may hold anything here (fuzzed: an int)
    wanted: list[str] = [a for a in archs if isinstance(a, str)] if isinstance(archs, list) else []
    if model_type:
        from driftcheck.parsers import hf_registry as reg

        base = reg.model_class_name(model_type)
        if base:
            wanted.append(base)
    if not wanted:
        return None
    defined = _classes(Path(path))
    return next((w for w in wanted if w in defined), None)


def _classes(path: Path) -> set[str]:
    files = [path] if path.is_file() else sorted(path.rglob("*.py"))[:MAX_SCAN_FILES]
    out: set[str] = set()
    for f in files:
        text = safeio.read_text_lenient(f)
        if text is None:
            continue
        out.update(re.findall(r"^class (\w+)\b", text, re.M))
    return out


def _transformers_defines(cls: str, model_type: str | None) -> bool:
    from driftcheck.parsers import hf_registry as reg

    return reg.find_class(cls, "modeling", model_type) is not None
