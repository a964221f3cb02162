"""omegaconf's ``DictConfig`` as a config value (a table), not its source.

effdet builds its model configs with ``h = OmegaConf.create()``, sets fields as attributes
(``h.fpn_channels = 88``), merges a dict of overrides (``h.update(params)``), ``deepcopy``s it
and reads ``config.backbone_name`` / ``**config.backbone_args``. omegaconf's own source runs
every write through a node machinery (typing checks, ``_resolve_optional``, flags) the
interpreter does not follow to the end, so each field read was unknown (Session 14).

Here a ``DictConfig`` is the interpreter's ``Config`` (attribute reads and writes, ``get``,
``keys`` / ``items`` / ``values``, ``**cfg``, ``deepcopy``), with omegaconf's conversion of
nested dicts into nested configs (so ``cfg.backbone_args.drop_path_rate`` reads as it does in
omegaconf), and ``update`` of a mapping. Interpolations (``"${...}"``), structured configs
(dataclasses) and a value we do not know: unknown.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Config, Unknown, plain

OC = Group("omegaconf", title="omegaconf (as configs)")
ORIGIN = "omegaconf"


def _node(v: Any) -> Any:
    """A value as omegaconf stores it: dicts become configs, lists keep their items as nodes;
    an interpolation string is unknown (resolved against the root on read: not modelled)."""
    raw = plain(v)
    if isinstance(raw, Config):
        return raw
    if isinstance(raw, dict):
        return make({k: x for k, x in raw.items()})
    if isinstance(raw, (list, tuple)):
        return [_node(x) for x in raw]
    if isinstance(raw, str) and "${" in raw:
        return Unknown("omegaconf interpolation")
    return v


def make(fields: dict) -> Any:
    """A ``DictConfig`` of known string keys."""
    if not all(isinstance(plain(k), str) for k in fields):
        return Unknown("omegaconf config with keys that are not strings")
    return Config({str(plain(k)): _node(v) for k, v in fields.items()}, origin=ORIGIN)


def is_omegaconf(cfg: Any) -> bool:
    return isinstance(cfg, Config) and cfg.origin == ORIGIN


def normalize(cfg: Config, name: str) -> None:
    """Before ``cfg.name`` is read: a dict or list written into the config (``p.nodes = []``,
    then ``p.nodes.append({...})``) is converted as omegaconf converts on write, in place, so
    the list read is the same object and its dict items read as configs."""
    if name not in cfg.fields:
        return
    v = cfg.fields[name]
    raw = plain(v)
    if isinstance(raw, dict):
        cfg.fields[name] = _node(raw)
    elif isinstance(raw, list):
        _convert_items(raw, 0)


def _convert_items(items: list, depth: int) -> None:
    for i, x in enumerate(items):
        raw = plain(x)
        if isinstance(raw, dict):
            items[i] = _node(raw)
        elif isinstance(raw, list) and depth < 8:
            _convert_items(raw, depth + 1)


def method(cfg: Config, name: str) -> Any:
    """``cfg.update(mapping)`` of a ``DictConfig`` (``MutableMapping.update``: each key set,
    nested dicts converted); None for names this table does not answer."""
    if name != "update":
        return None

    def update(a: list, k: dict) -> Any:
        src = plain(a[0]) if a else {}
        if isinstance(src, Config):
            src = dict(src.fields)
        if not isinstance(src, dict) or not all(isinstance(plain(x), str) for x in src):
            cfg.fields.clear()  # what the update wrote is not known: every read is unknown
            return None
        for key, v in {**src, **k}.items():
            cfg.fields[str(plain(key))] = _node(v)
        return None

    return BuiltinMethod(update)


@OC.entry(
    "OmegaConf.create",
    "DictConfig",
    doc="OmegaConf.create(dict or None) / DictConfig(dict): a config of those fields (nested "
    "dicts as configs); a list, a YAML string, a dataclass or interpolations: unknown",
)
def _create(c: Call) -> Any:
    src = plain(c.arg(0, "obj" if "create" in c.qual else "content")) if c.args else None
    if src is None and not c.args and not c.kwargs:
        return make({})
    if isinstance(src, Config):
        return make(dict(src.fields))
    if isinstance(src, dict):
        return make(src)
    if isinstance(src, str) and "create" in c.qual:
        return _from_yaml(c, src)
    return c.unknown(f"{c.qual}() of a value not modelled")


def _from_yaml(c: Call, text: str) -> Any:
    """``OmegaConf.create(yaml_text)``: omegaconf parses the text with a YAML safe loader; a
    mapping becomes the config. Its loader also reads ``1e-3`` as a float (PyYAML's leaves
    it a string) and ``${...}`` are interpolations resolved later: a document with either, a
    top-level list, or a text the parser refuses is unknown."""
    import re

    from driftcheck.parsers.source.library.wildlib import TEXT_MAX, _plain_data

    if len(text) > TEXT_MAX:
        return c.unknown(f"{c.qual}() of a text over {TEXT_MAX} characters")
    try:
        import yaml

        out = yaml.safe_load(text)
    except Exception:  # noqa: BLE001 - the parser would raise: not decided statically
        return c.unknown(f"{c.qual}() of a text the YAML parser refuses")
    if not isinstance(out, dict) or not _plain_data(out):
        return c.unknown(f"{c.qual}() of a YAML document that is not a plain mapping")
    number = re.compile(r"^[-+]?(\d[\d_]*)?\.?\d*([eE][-+]?\d+)?$")

    def odd(v: Any) -> bool:
        if isinstance(v, dict):
            return any(odd(x) for x in v.values()) or any(not isinstance(k, str) for k in v)
        if isinstance(v, list):
            return any(odd(x) for x in v)
        return isinstance(v, str) and ("${" in v or bool(number.match(v.strip())))

    if odd(out):
        return c.unknown(f"{c.qual}(): interpolations or numbers omegaconf reads otherwise")
    return make(out)


@OC.entry(
    "OmegaConf.to_container",
    doc="OmegaConf.to_container(cfg): its fields as a dict (nested configs as dicts)",
)
def _to_container(c: Call) -> Any:
    cfg = plain(c.arg(0, "cfg"))
    if not is_omegaconf(cfg):
        return c.unknown("to_container() of a value that is not a modelled config")
    return _container(cfg)


def _container(v: Any) -> Any:
    raw = plain(v)
    if isinstance(raw, Config):
        return {k: _container(x) for k, x in raw.fields.items()}
    if isinstance(raw, list):
        return [_container(x) for x in raw]
    return v


# ---------------------------------------------------------------------------------- hydra
# ``hydra.utils.instantiate(cfg)``: hydra's own source (1.3.8 with its target policy) walks
# omegaconf's node machinery (``OmegaConf.structured``, flags, parents, ``resolve``) that the
# interpreter does not follow: every instantiated object was unknown (mbrl's activation from
# ``activation_fn_cfg``). ``hydra.utils`` is read by its meaning instead (stoplist.py).
HY = Group("hydra.utils", title="hydra.utils (instantiate)")
_HYDRA_KEYS = ("_target_", "_recursive_", "_args_", "_convert_", "_partial_")
# the stdlib tops hydra's policy blocks or that run other code: never followed here
_HYDRA_REFUSED = ("os", "sys", "builtins", "subprocess", "importlib", "shutil", "runpy", "pickle")


def _hydra_fields(v: Any) -> dict | None:
    raw = plain(v)
    if is_omegaconf(raw):
        return dict(raw.fields)
    if type(raw) is dict and all(isinstance(plain(k), str) for k in raw):
        return {str(plain(k)): x for k, x in raw.items()}
    return None


def _hydra_target(c: Call, target: Any) -> Any:
    """The callable ``_target_`` names: a dotted name imported as ``from a.b import C``."""
    from driftcheck.parsers.source.values.abstract import Cls, Ext, Func

    t = plain(target)
    if isinstance(t, str):
        mod, _, name = t.rpartition(".")
        if not mod or mod.split(".")[0] in _HYDRA_REFUSED or not name.isidentifier():
            return None
        t = plain(c.interp.names.import_value(mod, name))
    if isinstance(t, (Cls, Func)) or (isinstance(t, Ext) and t.qual.startswith("torch.")):
        return t
    return None


def _hydra_instantiate(c: Call, cfg: Any, args: list, kwargs: dict, depth: int) -> Any:
    fields = _hydra_fields(cfg)
    if fields is None or depth > 16:
        return Unknown("hydra instantiate of a config we cannot read")
    fields.update(kwargs)
    if "_target_" not in fields:
        return Unknown("hydra instantiate of a config without _target_ (a config copy)")
    for k in ("_partial_", "_convert_"):
        v = plain(fields.get(k, False if k == "_partial_" else "none"))
        if v not in (False, "none"):
            return Unknown(f"hydra instantiate with {k}={v!r}")
    recursive = plain(fields.get("_recursive_", True))
    if not isinstance(recursive, bool):
        return Unknown("hydra instantiate with _recursive_ we cannot read")
    fn = _hydra_target(c, fields["_target_"])
    if fn is None:
        return Unknown(f"hydra _target_ {plain(fields['_target_'])!r} not followed")
    pos = plain(fields.get("_args_", []))
    if type(pos) not in (list, tuple):
        return Unknown("hydra instantiate with _args_ we cannot read")
    call_kw = {k: v for k, v in fields.items() if k not in _HYDRA_KEYS}

    def arg(v: Any) -> Any:
        raw = plain(v)
        if not recursive:
            return _node(v)
        sub = _hydra_fields(raw)
        if sub is not None:
            if "_target_" in sub:
                return _hydra_instantiate(c, raw, [], {}, depth + 1)
            return make({k: arg(x) for k, x in sub.items()})
        if type(raw) in (list, tuple):
            return [arg(x) for x in raw]
        return _node(v)

    call_args = [arg(x) for x in [*pos, *args]]
    call_kw = {k: arg(v) for k, v in call_kw.items()}
    return c.interp.calls.call(fn, call_args, call_kw, c.loc)


@HY.entry(
    "instantiate",
    "call",
    doc="instantiate(cfg, *args, **kw) / call: the _target_ (a class or function of torch or "
    "the analyzed code) called with the config's fields (nested _target_ configs first, "
    "nested dicts as configs); _partial_, _convert_, other targets: unknown",
)
def _hy_instantiate(c: Call) -> Any:
    if not c.args or "**" in c.kwargs:
        return c.unknown("hydra instantiate of arguments we cannot list")
    return _hydra_instantiate(c, c.args[0], list(c.args[1:]), dict(c.kwargs), 0)


@HY.entry(
    "get_class",
    "get_method",
    "get_object",
    doc="get_class(path) / get_method / get_object: the class or function the dotted path names",
)
def _hy_get(c: Call) -> Any:
    fn = _hydra_target(c, c.arg(0, "path"))
    return fn if fn is not None else c.unknown(f"{c.qual}() of a path not followed")
