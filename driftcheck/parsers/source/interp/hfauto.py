"""transformers' auto tables, read statically: model_type -> config class / model class / module.

Composite models build sub-models with ``AutoModel.from_config(config.vision_config)``; we
follow that by reading the literal ``*_MAPPING_NAMES`` tables in ``models/auto/`` (never
importing them) and locating the class in ``models/<module>/modeling_<module>.py``.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path
from typing import Any

from driftcheck.parsers.derived import derived
from driftcheck.parsers.source.values.abstract import Cls, Config, UnknownModule, plain


@cache
def _tables(auto_dir: str) -> dict[str, dict[str, Any]]:
    """Every ``NAME = OrderedDict([...])`` literal (plus ``NAME.update({...})``) in models/auto,
    kept on disk while those files are unchanged (``derived.py``)."""
    files = sorted(Path(auto_dir).glob("*.py"))
    return derived("auto-tables", files, lambda: _read_tables(files))


def _read_tables(files: list[Path]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for f in files:
        try:
            tree = ast.parse(f.read_text(encoding="utf-8"))
        except (SyntaxError, OSError, UnicodeDecodeError):
            continue
        for st in tree.body:
            if isinstance(st, ast.Assign) and len(st.targets) == 1:
                t = st.targets[0]
                if isinstance(t, ast.Name) and isinstance(st.value, ast.Call):
                    d = _literal_dict(st.value)
                    if d is not None:
                        out.setdefault(t.id, {}).update(d)
            elif isinstance(st, ast.Expr) and isinstance(st.value, ast.Call):
                fn = st.value.func
                if isinstance(fn, ast.Attribute) and fn.attr == "update":
                    if isinstance(fn.value, ast.Name) and st.value.args:
                        try:
                            d = ast.literal_eval(st.value.args[0])
                        except ValueError:
                            continue
                        if isinstance(d, dict):
                            out.setdefault(fn.value.id, {}).update(d)
    return out


@cache
def _auto_classes(auto_dir: str) -> dict[str, str]:
    """``AutoModelForX`` -> the name of its ``*_MAPPING_NAMES`` table, as modeling_auto.py
    wires them (``class AutoX: _model_mapping = X_MAPPING`` and
    ``X_MAPPING = _LazyAutoMapping(CONFIG_MAPPING_NAMES, X_MAPPING_NAMES)``)."""
    files = sorted(Path(auto_dir).glob("modeling_*.py"))
    return derived("auto-classes", files, lambda: _read_auto_classes(files))


def _read_auto_classes(files: list[Path]) -> dict[str, str]:
    lazy: dict[str, str] = {}
    owners: dict[str, str] = {}
    for f in files:
        try:
            tree = ast.parse(f.read_text(encoding="utf-8"))
        except (SyntaxError, OSError, UnicodeDecodeError):
            continue
        for st in tree.body:
            if isinstance(st, ast.Assign) and isinstance(st.value, ast.Call):
                args = st.value.args
                t = st.targets[0]
                if isinstance(t, ast.Name) and len(args) == 2 and isinstance(args[1], ast.Name):
                    lazy[t.id] = args[1].id
            elif isinstance(st, ast.ClassDef):
                for b in st.body:
                    if (
                        isinstance(b, ast.Assign)
                        and isinstance(b.targets[0], ast.Name)
                        and b.targets[0].id == "_model_mapping"
                        and isinstance(b.value, ast.Name)
                    ):
                        owners[st.name] = b.value.id
    return {cls: lazy[m] for cls, m in owners.items() if m in lazy}


def _literal_dict(call: ast.Call) -> dict[str, Any] | None:
    name = ast.unparse(call.func)
    if name not in ("OrderedDict", "dict"):
        return None
    out: dict[str, Any] = {}
    try:
        for a in call.args:
            v = ast.literal_eval(a)
            out.update(dict(v))
    except (ValueError, TypeError):
        return out or None
    return out


def _auto_dir(interp: Any) -> Path | None:
    p = interp.finder.find("transformers.models.auto.modeling_auto")
    return p.parent if p is not None else None


def module_name(interp: Any, model_type: str) -> str:
    d = _auto_dir(interp)
    special = _tables(str(d)).get("SPECIAL_MODEL_TYPE_TO_MODULE_NAME", {}) if d else {}
    return special.get(model_type, model_type.replace("-", "_"))


def find_hf_class(interp: Any, model_type: str, class_name: str, prefix: str) -> Cls | None:
    """Class ``class_name`` from ``transformers.models.<module>.<prefix>_<module>``."""
    mod = module_name(interp, model_type)
    for cand in (f"transformers.models.{mod}.{prefix}_{mod}",):
        info = interp.names.module(cand)
        if info is not None and class_name in info.defs:
            v = interp.names.global_lookup(info, class_name)
            return v if isinstance(v, Cls) else None
    path = interp.finder.find(f"transformers.models.{mod}")
    if path is not None:
        for f in sorted(path.parent.glob(f"{prefix}_*.py")):
            info = interp.names.module(f"transformers.models.{mod}.{f.stem}")
            if info is not None and class_name in info.defs:
                v = interp.names.global_lookup(info, class_name)
                return v if isinstance(v, Cls) else None
    return None


def hf_config_class(interp: Any, model_type: str) -> Cls | None:
    d = _auto_dir(interp)
    if d is None:
        return None
    name = _tables(str(d)).get("CONFIG_MAPPING_NAMES", {}).get(model_type)
    if not isinstance(name, str):
        return None
    return find_hf_class(interp, model_type, name, "configuration")


_AUTO_TABLE = {
    "AutoModel": "MODEL_MAPPING_NAMES",
    "AutoBackbone": "MODEL_FOR_BACKBONE_MAPPING_NAMES",
    "AutoModelForCausalLM": "MODEL_FOR_CAUSAL_LM_MAPPING_NAMES",
    "AutoModelForSeq2SeqLM": "MODEL_FOR_SEQ_TO_SEQ_CAUSAL_LM_MAPPING_NAMES",
    "AutoModelForImageTextToText": "MODEL_FOR_IMAGE_TEXT_TO_TEXT_MAPPING_NAMES",
    "AutoModelForMaskedLM": "MODEL_FOR_MASKED_LM_MAPPING_NAMES",
    "AutoModelForTextEncoding": "MODEL_FOR_TEXT_ENCODING_MAPPING_NAMES",
    "AutoModelForSpeechSeq2Seq": "MODEL_FOR_SPEECH_SEQ_2_SEQ_MAPPING_NAMES",
}


# keywords ``from_config`` / ``_from_config`` consume instead of passing them to __init__
LOADER_KW = {
    "config",
    "torch_dtype",
    "dtype",
    "attn_implementation",
    "device_map",
    "trust_remote_code",
    "code_revision",
    "**",
}


def model_kwargs(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The keywords of ``AutoModel.from_config(cfg, **kw)`` that reach the model's __init__."""
    return {k: v for k, v in kwargs.items() if k not in LOADER_KW}


def auto_from_config(interp: Any, q: str, args: list, kwargs: dict, loc: tuple) -> Any:
    """``AutoModel.from_config(sub_config)`` -> instantiate the mapped class statically.

    It always builds a model with weights: when the class cannot be found the result is an
    unknown MODULE (registered as an unresolved layer), never a value silently dropped."""
    parts = q.split(".")
    auto = parts[-2]
    cfg = plain(args[0]) if args else plain(kwargs.get("config"))
    if not isinstance(cfg, Config):
        return UnknownModule(f"{auto}.from_config of an unknown config")
    ok, mt = cfg.lookup("model_type")
    mt = plain(mt)
    if cfg.cls is not None:
        # transformers maps the config's CLASS (``type(config)``), whatever ``model_type``
        # field a ``SubConfig(**parent.to_dict())`` copied from its parent
        has, cmt, _ = interp.classes.mro_attr(cfg.cls, "model_type")
        if has and isinstance(plain(cmt), str) and plain(cmt):
            ok, mt = True, plain(cmt)
    if not ok or not isinstance(mt, str):
        return UnknownModule(f"{auto}.from_config: config has no model_type")
    d = _auto_dir(interp)
    tname = _AUTO_TABLE.get(auto) or (_auto_classes(str(d)).get(auto, "") if d else "")
    table = _tables(str(d)).get(tname, {}) if d else {}
    name = table.get(mt)
    if isinstance(name, (list, tuple)):
        name = name[0]
    if not isinstance(name, str):
        if auto.startswith("Auto") and auto != "AutoModel":
            return UnknownModule(f"{auto} has no class for {mt}")
        return UnknownModule(f"no AutoModel for {mt}")
    cls = find_hf_class(interp, mt, name, "modeling")
    if cls is None:
        return UnknownModule(f"class {name} not found for {mt}")
    # ``from_config(config, add_pooling_layer=False)``: the rest goes to the model's __init__
    return interp.memo.instantiate(cls, [cfg], model_kwargs(kwargs), loc)
