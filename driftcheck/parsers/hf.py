"""HF configs and Hub ids to the typed graph: ``driftcheck graph config.json | dir/ | hf:<id>``.

Two routes, one result type:

- **static** (the default, no torch): read the config, complete it the way its config class
  would (``hf_defaults``), find the modeling file and the AutoModel class for its ``model_type``
  in the installed transformers *source* (``hf_registry``), and run the static parser on that
  file with the completed config bound. Milliseconds, and works with no torch installed.
- **torch-meta** (``exact=True``): transformers builds the model on the meta device and the
  module tree is mapped to catalogue types (``hf_torch``). Exact by construction; needs torch.

Both routes attach the same facts read from the config as written (``hf_facts``), so the
drift matcher compares configs with code and manifests whether or not a graph could be built.
When the static route cannot find or interpret the modeling code (an unknown ``model_type``,
remote code, a class the parser cannot follow) the result is a *facts-only* graph: one
``Unknown`` node (so ``params_total`` is None, never a wrong 0) and a note saying why. That is a
result, not an error: the facts are still worth comparing. Bad input (not JSON, not an object,
truncated, hostile nesting, an unreachable Hub id) is a DriftcheckError: exit 2, one line.
"""

from __future__ import annotations

from typing import Any

from driftcheck.errors import DriftcheckError
from driftcheck.graph.model import Fact, Graph, Node, Origin
from driftcheck.parsers import Reads
from driftcheck.parsers import hf_registry as reg
from driftcheck.parsers.cache import cached_graph, note_file
from driftcheck.parsers.hf_defaults import class_info, complete
from driftcheck.parsers.hf_facts import extract
from driftcheck.parsers.hf_source import ConfigSource, read_config
from driftcheck.speed import Speed, use


def load_config_graph(
    source: str,
    exact: bool = False,
    trust_remote_code: bool = False,
    entry: str | None = None,
    reads: Reads | None = None,
    speed: Speed | None = None,
) -> Graph:
    """The typed graph of the model a config describes (see the module docstring).

    ``entry`` picks the class to build instead of the AutoModel base class: a class name such as
    ``LlamaForCausalLM``, or ``"architectures"`` for the first class the config's
    ``architectures`` names. ``reads`` shares one run's file reads (the config read once).
    ``speed``: the speed layer the analysis is given (``driftcheck/speed.py``; the one in
    force when None); it is in force for everything the call does.
    """
    with use(speed) as sp:
        return config_graph(source, exact, trust_remote_code, entry, reads, sp)[0]


def config_graph(
    source: str,
    exact: bool = False,
    trust_remote_code: bool = False,
    entry: str | None = None,
    reads: Reads | None = None,
    speed: Speed | None = None,
) -> tuple[Graph, dict[str, Fact]]:
    """(the config's graph, the facts its model's code states): the graph's facts are the
    config's keys laid over what the interpreted modeling code states (``self.num_heads``, the
    stack's length); the second are the code's own, before that overlay, for a comparison with
    other code like for like (``drift/sides.py``). One interpretation gives both."""
    src = read_config(source, reads)
    cfg = src.data
    model_type = cfg.get("model_type")
    if model_type is not None and not isinstance(model_type, str):
        raise DriftcheckError(
            f"model_type must be a string, got {type(model_type).__name__}", src.display
        )
    if entry == "architectures":
        entry = _first_architecture(cfg, src)
    refuse_field_types(cfg, model_type, src.display)
    amap = attribute_map(model_type) if model_type else {}
    if exact:
        from driftcheck.parsers.hf_torch import meta_graph

        graph = meta_graph(src, trust_remote_code=trust_remote_code, entry=entry)
    else:
        # the static result depends on the config, the entry, transformers' source (its
        # version, and each file the parser read, recorded by the cache) and driftcheck's code
        key = {
            "config": cfg,
            "display": src.display,
            "kind": src.kind,
            "entry": entry,
            "transformers": reg.version(),
        }
        from driftcheck.parsers.source.library.environ import assuming

        if assuming():  # a local modeling file's environment reads decided (keys unchanged off)
            key["assume_env_defaults"] = True
        graph = cached_graph(
            "hf-config-code",
            key,
            lambda: static_graph(src, cfg, model_type, entry),
            speed=speed,
        )
        if trust_remote_code:
            graph.notes.append("--trust-remote-code has no effect without --exact")
    code_facts = dict(graph.facts)
    graph.facts = {**graph.facts, **extract(cfg, src.display, amap)}
    return graph, code_facts


def refuse_field_types(cfg: dict[str, Any], model_type: str | None, display: str) -> None:
    """Exit 2 on a value transformers' strict config class refuses to load (``hf_types``):
    a config that cannot be loaded describes no model, so nothing built from it is shown."""
    from driftcheck.parsers.hf_types import field_type_errors

    name = reg.config_class_name(model_type) if model_type else None
    info = class_info(name, model_type) if name else None
    errors = field_type_errors(cfg, info) if info is not None else []
    if errors:
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise DriftcheckError(
            errors[0].message(reg.version()) + more, f"{display} [{errors[0].key}]"
        )


def attribute_map(model_type: str) -> dict[str, str]:
    """The config class's ``attribute_map`` (standard name -> the key this family uses)."""
    name = reg.config_class_name(model_type)
    info = class_info(name, model_type) if name else None
    out: dict[str, str] = {}
    for i in reversed(info.mro() if info is not None else []):
        note_file(i.path)  # read outside the loader: a result cache depends on it too
        m = i.class_attrs.get("attribute_map")
        if isinstance(m, dict):
            out.update({k: v for k, v in m.items() if isinstance(v, str)})
    return out


def _first_architecture(cfg: dict[str, Any], src: ConfigSource) -> str:
    archs = cfg.get("architectures")
    if not (isinstance(archs, list) and archs and isinstance(archs[0], str)):
        raise DriftcheckError("config has no architectures list to pick a class from", src.display)
    return archs[0]


def static_graph(
    src: ConfigSource, cfg: dict[str, Any], model_type: str | None, entry: str | None
) -> Graph:
    """The static route; a facts-only graph (with the reason as a note) when it cannot run.

    The parser gets the config *as written*: it completes it from the config class itself
    (defaults, ``attribute_map``, ``__post_init__``), interpreting that code as it interprets the
    model, so a defaulted value's location is the line of its default in ``configuration_*.py``
    rather than a key the file does not have. Measured on a third of the corpus (190 model
    types), handing it the dict ``hf_defaults.complete`` fills gives no count the raw dict does
    not (156 vs 157 exact). Only when a size stays unresolved -- a hand-written config without
    the fields ``__post_init__`` derives -- is the parse retried with the missing keys filled.
    """
    origin = Origin(kind=src.kind, path=src.display, route="static")
    if reg.package_dir() is None:
        return facts_only(origin, model_type, "transformers is not installed: no modeling source")
    if not model_type:
        return facts_only(origin, None, "config has no model_type")
    if reg.config_class_name(model_type) is None:
        why = f"model_type {model_type!r} is not in transformers {reg.version()}"
        if "auto_map" in cfg:
            why += " (it names remote code: try --exact --trust-remote-code)"
        return facts_only(origin, model_type, why)
    cls = entry or reg.model_class_name(model_type) or _named_class(cfg, model_type)
    if cls is None:
        return facts_only(origin, model_type, f"transformers has no AutoModel for {model_type!r}")
    path = reg.find_class(cls, "modeling", model_type)
    if path is None:
        return facts_only(origin, model_type, f"no modeling file defines {cls}")
    origin.detail = f"{path}::{cls}"
    try:
        from driftcheck.parsers.source import parse_source
    except ImportError as e:
        return facts_only(origin, model_type, f"static parser unavailable ({e})")
    try:
        from driftcheck.parsers.template import parse_config

        graph = parse_config(
            (str(path), cls, src.display, reg.version()),
            cfg,
            lambda c: parse_source(str(path), entry=cls, config=c, config_path=src.display),
        )
        if graph.params_total() is None:
            graph = _retry_filled(graph, parse_source, path, cls, cfg, model_type, src)
    except DriftcheckError as e:
        return facts_only(origin, model_type, f"static parser: {e.one_line()}")
    except RecursionError:
        return facts_only(origin, model_type, f"static parser: {cls} nests too deeply")
    graph.origin = origin
    graph.name = graph.name or cls
    return graph


def _named_class(cfg: dict[str, Any], model_type: str) -> str | None:
    """A model type no AutoModel lists (a tower of a two-tower model:
    ``chinese_clip_text_model``, ``metaclip_2_text_model``): the first class its
    ``architectures`` names that the model type's own modeling file defines, as
    ``from_pretrained`` of that class would build it."""
    archs = cfg.get("architectures")
    if not isinstance(archs, list):
        return None
    for a in archs:
        if isinstance(a, str) and reg.find_class(a, "modeling", model_type) is not None:
            return a
    return None


def _retry_filled(
    graph: Graph,
    parse_source: Any,
    path: Any,
    cls: str,
    cfg: dict[str, Any],
    model_type: str,
    src: ConfigSource,
) -> Graph:
    """Hand-written configs leave out what ``__post_init__`` derives (``head_dim``...): when some
    size stays unresolved, parse again with the keys the file lacks filled by ``complete``."""
    filled, _ = complete(cfg, model_type)
    merged = fill_missing(cfg, filled)
    added = sorted(k for k in merged if k not in cfg)
    if merged == cfg:
        return graph
    again = parse_source(str(path), entry=cls, config=merged, config_path=src.display)
    if again.params_total() is None:
        return graph
    shown = ", ".join(added[:8]) + (" ..." if len(added) > 8 else "")
    again.notes.append(f"keys not in the config, filled from its config class: {shown}")
    return again


def fill_missing(cfg: dict[str, Any], filled: dict[str, Any]) -> dict[str, Any]:
    """``cfg`` plus the keys only ``filled`` has, recursively into sub-config dicts; a key the
    file has keeps the file's value."""
    out = dict(cfg)
    for k, v in filled.items():
        if k not in out:
            out[k] = v
        elif isinstance(out[k], dict) and isinstance(v, dict):
            out[k] = fill_missing(out[k], v)
    return out


def facts_only(origin: Origin, model_type: str | None, why: str) -> Graph:
    """A graph that carries the config's facts and one ``Unknown`` node standing for the model."""
    node = Node(id="model", type="Unknown", name=model_type, notes=[why], unresolved=["model"])
    graph = Graph(name=model_type, origin=origin, nodes=[node])
    graph.notes.append(f"facts only: {why}")
    return graph
