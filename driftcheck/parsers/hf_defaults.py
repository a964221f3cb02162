"""Complete a config dict the way its transformers config class would, read statically.

``LlamaConfig(**json)`` fills every field the JSON leaves out from the class's dataclass
defaults, renames attribute-map aliases (``n_embd`` <-> ``hidden_size``), builds sub-configs
(``text_config``, ``vision_config``) from their own classes, and runs ``__post_init__``
(``head_dim = hidden_size // num_attention_heads`` ...). The modeling code then reads the
completed object. We do the same from the source of ``configuration_<x>.py``: class-level
annotated defaults along the base-class chain, ``attribute_map``, ``sub_configs_defaults``, and
``__post_init__`` through the bounded evaluator in ``hf_eval``. The JSON's own values always win.
"""

from __future__ import annotations

import ast
import copy
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from driftcheck.parsers import hf_registry as reg
from driftcheck.parsers.hf_eval import UNKNOWN, Evaluator

MAX_DEPTH = 6
# keyword arguments ``PreTrainedConfig.__post_init__`` consumes instead of setting them as attributes
_POPPED_KWARGS = frozenset(
    {
        "torch_dtype",
        "rope_scaling",
        "rope_theta",
        "name_or_path",
        "_commit_hash",
        "output_attentions",
        "attn_implementation",
        "experts_implementation",
        "per_layer_config",
        "_attn_implementation_internal",
        "_experts_implementation_internal",
    }
)
"""Sub-config nesting we follow (real models nest two or three deep)."""


@dataclass
class SubSpec:
    config_class: str | None  # None: AutoConfig, chosen by model_type
    model_type: str | None = None
    init_kwargs: dict[str, Any] = field(default_factory=dict)
    optional: bool = False


@dataclass
class ClassInfo:
    """What one config class contributes, read from its source."""

    name: str
    path: Path
    bases: list[ClassInfo]
    fields: dict[str, Any]
    class_attrs: dict[str, Any]
    post_init: ast.FunctionDef | None
    properties: dict[str, ast.expr]
    annotations: dict[str, ast.expr] = field(default_factory=dict)  # dataclass fields' types

    def mro(self) -> list[ClassInfo]:
        """Depth-first, left to right, each class once: close to Python's C3 for these trees."""
        out: list[ClassInfo] = []
        stack = [self]
        while stack:
            info = stack.pop(0)
            if all(info.name != o.name for o in out):
                out.append(info)
                stack = list(info.bases) + stack
        return out

    def attr(self, name: str, default: Any = None) -> Any:
        for info in self.mro():
            if name in info.class_attrs:
                return info.class_attrs[name]
        return default

    def defaults(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for info in reversed(self.mro()):
            out.update(info.fields)
        return {k: _jsonish(v) for k, v in out.items() if v is not UNKNOWN}


@cache
def _module(path: Path) -> ast.Module | None:
    try:
        return ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError, RecursionError):
        return None


def _may_be_config_module(path: Path) -> bool:
    """Whether a class imported from ``path`` but not defined there may be a config class
    defined elsewhere (a re-export), worth the index of every configuration file (about 230 ms
    on first use). Imports from transformers' utility packages are mixins
    (``PushToHubMixin`` from ``..utils``): the index, built from ``configuration_*.py`` files,
    could never hold them, and every config's base class imports two of them."""
    pkg = reg.package_dir()
    if pkg is None:
        return True
    try:
        rel = path.relative_to(pkg)
    except ValueError:
        return True
    return rel.parts[0] == "models" or rel.name.startswith("configuration")


def _imports(path: Path, tree: ast.Module) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom) and stmt.level > 0:
            target = reg.resolve_relative(path, stmt.level, stmt.module)
            if target is not None:
                for alias in stmt.names:
                    out[alias.asname or alias.name] = target
    return out


@cache
def class_info(
    name: str, model_type: str | None = None, path: Path | None = None
) -> ClassInfo | None:
    """The static description of config class ``name`` (None when it cannot be found)."""
    return _class_info(name, model_type, path, depth=0)


def _class_info(
    name: str, model_type: str | None, path: Path | None, depth: int
) -> ClassInfo | None:
    if depth > 12:
        return None
    path = path or reg.find_class(name, "configuration", model_type)
    tree = _module(path) if path is not None else None
    if path is None or tree is None:
        return None
    node = next((s for s in tree.body if isinstance(s, ast.ClassDef) and s.name == name), None)
    if node is None:
        return None
    imports = _imports(path, tree)
    bases: list[ClassInfo] = []
    for b in node.bases:
        if not isinstance(b, ast.Name) or b.id in ("object",):
            continue
        base_path = imports.get(b.id, path)
        if b.id == "PreTrainedConfig":
            base_path = reg.find_class("PreTrainedConfig", "configuration")
        base = _class_info(b.id, None, base_path, depth + 1)
        if base is None and base_path != path and _may_be_config_module(base_path):
            base = _class_info(b.id, None, None, depth + 1)
        if base is not None:
            bases.append(base)
    fields: dict[str, Any] = {}
    attrs: dict[str, Any] = {}
    post_init = None
    properties: dict[str, ast.expr] = {}
    annotations: dict[str, ast.expr] = {}
    for stmt in node.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            if "ClassVar" in ast.unparse(stmt.annotation):
                attrs[stmt.target.id] = _const(stmt.value)
                continue
            annotations[stmt.target.id] = stmt.annotation
            if stmt.value is not None:
                fields[stmt.target.id] = _default(stmt.value)
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target = stmt.targets[0]
            if isinstance(target, ast.Name):
                attrs[target.id] = (
                    _sub_specs(stmt.value)
                    if target.id == "sub_configs_defaults"
                    else _const(stmt.value)
                )
        elif isinstance(stmt, ast.FunctionDef):
            if stmt.name == "__post_init__":
                post_init = stmt
            elif any(isinstance(d, ast.Name) and d.id == "property" for d in stmt.decorator_list):
                ret = _single_return(stmt)
                if ret is not None:
                    properties[stmt.name] = ret
    return ClassInfo(name, path, bases, fields, attrs, post_init, properties, annotations)


def _jsonish(value: Any) -> Any:
    """A deep copy with tuples as lists: what the config's ``to_dict`` / JSON would hold."""
    if isinstance(value, (list, tuple)):
        return [_jsonish(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonish(v) for k, v in value.items()}
    return value


def _const(node: ast.expr | None) -> Any:
    if node is None:
        return UNKNOWN
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return UNKNOWN


def _default(node: ast.expr) -> Any:
    """A dataclass field's default: a literal, ``field(default=...)``, ``interval(..)(default=..)``."""
    if isinstance(node, ast.Call):
        for kw in node.keywords:
            if kw.arg == "default":
                return _const(kw.value)
            if kw.arg == "default_factory" and isinstance(kw.value, ast.Name):
                factory = {"list": list, "dict": dict, "tuple": tuple}.get(kw.value.id)
                return factory() if factory else UNKNOWN
            if kw.arg == "default_factory" and isinstance(kw.value, ast.Lambda):
                return _const(kw.value.body)
        return UNKNOWN
    value = _const(node)
    if value is UNKNOWN:  # constant arithmetic such as ``4096 * 32``
        value = Evaluator({}, {}).expr(node)
    return value


def _sub_specs(node: ast.expr) -> dict[str, SubSpec]:
    out: dict[str, SubSpec] = {}
    if not isinstance(node, ast.Dict):
        return out
    for k, v in zip(node.keys, node.values):
        key = _const(k) if k is not None else None
        if not isinstance(key, str):
            continue
        if isinstance(v, ast.Name):
            out[key] = SubSpec(None if v.id == "AutoConfig" else v.id)
        elif isinstance(v, ast.Call):
            kw = {a.arg: a.value for a in v.keywords if a.arg}
            cls = kw.get("config_class", v.args[0] if v.args else None)
            cls_name = cls.id if isinstance(cls, ast.Name) else None
            init = _const(kw["init_kwargs"]) if "init_kwargs" in kw else {}
            spec = SubSpec(
                None if cls_name in (None, "AutoConfig") else cls_name,
                _const(kw["model_type"]) if "model_type" in kw else None,
                init if isinstance(init, dict) else {},
                _const(kw["optional"]) is True if "optional" in kw else False,
            )
            out[key] = spec
    return out


def _single_return(fn: ast.FunctionDef) -> ast.expr | None:
    body = [
        s for s in fn.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
    ]
    if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None:
        return body[0].value
    return None


# ---------------------------------------------------------------------- completion
def complete(
    cfg: dict[str, Any],
    model_type: str | None = None,
    class_name: str | None = None,
    depth: int = 0,
) -> tuple[dict[str, Any], ClassInfo | None]:
    """``cfg`` with class defaults, aliases, sub-configs and post-init values filled in.

    Returns the completed dict (a new one) and the class it was completed from (None when the
    model type has no config class here: then the dict comes back with only its own values).
    """
    model_type = model_type or cfg.get("model_type")
    class_name = class_name or (reg.config_class_name(model_type) if model_type else None)
    info = class_info(class_name, model_type) if class_name else None
    if info is None or depth > MAX_DEPTH:
        return dict(cfg), None
    alias: dict[str, str] = {}
    for i in reversed(info.mro()):
        amap = i.class_attrs.get("attribute_map")
        if isinstance(amap, dict):
            alias.update({k: v for k, v in amap.items() if isinstance(v, str)})
    out = info.defaults()
    field_names = {n for i in info.mro() for n in i.fields}
    own_type = info.attr("model_type")
    if isinstance(own_type, str) and own_type:
        out["model_type"] = own_type
    extra: dict[str, Any] = {}
    for key, value in cfg.items():
        name = alias.get(key, key)
        out[name] = copy.deepcopy(value)
        if name not in field_names:
            extra[name] = value
    _post_init(info, info.mro(), out, alias, extra, depth)
    for std, actual in alias.items():  # the modeling code reads either name
        if actual in out and std not in out:
            out[std] = out[actual]
        elif std in out and actual not in out:
            # a dataclass field declared under the public name is stored under the attribute
            # it maps to (DeepseekV3's ``num_mtp_layers`` -> ``num_nextn_predict_layers``)
            out[actual] = out[std]
    for name, expr in _all_properties(info).items():
        if name not in out:
            value = Evaluator(out, alias).expr(expr)
            if value is not UNKNOWN:
                out[name] = value
    if depth == 0 and model_type and class_name == reg.config_class_name(model_type):
        from driftcheck.parsers.hf_built import built_fields, overlay

        built = built_fields(cfg, model_type)
        if built:
            overlay(out, built, cfg)
    return out, info


def _rope(info: ClassInfo, out: dict[str, Any], extra: dict[str, Any]) -> None:
    """``RotaryEmbeddingConfigMixin.convert_rope_params_to_dict`` and
    ``standardize_rope_params``: ``rope_theta`` (the class's ``default_theta`` unless given)
    and ``partial_rotary_factor`` move into ``rope_parameters``, in each per-layer-type dict
    when it is nested, and the default type becomes the class's ``default_rope_type``."""
    given = out.get("rope_parameters")
    rope = extra.get("rope_scaling") or given
    rope = copy.deepcopy(rope) if isinstance(rope, dict) else {}
    theta = extra.get("rope_theta", out.get("rope_theta", info.attr("default_theta", 10000.0)))
    factor = extra.get("partial_rotary_factor", out.get("partial_rotary_factor"))
    labels = out.get("_rope_type_labels") or out.get("layer_types") or ()
    nested = [k for k in rope if isinstance(labels, (list, tuple)) and k in labels]
    if not nested and rope and all(isinstance(v, dict) or v is None for v in rope.values()):
        nested = list(rope)  # per-layer-type dicts whose labels are set later (layer_types)
    if isinstance(theta, dict):  # a per-layer-type theta some classes keep beside the dicts
        theta = UNKNOWN
    default_type = info.attr("default_rope_type", "default")
    for params in [rope[k] for k in nested] or [rope]:
        if not isinstance(params, dict):
            continue
        params.setdefault("rope_type", params.get("type", "default"))
        if theta is not UNKNOWN and theta is not None:
            params.setdefault("rope_theta", theta)
        if factor is not None and factor is not UNKNOWN:
            params.setdefault("partial_rotary_factor", factor)
        if not nested and default_type != "default" and params["rope_type"] == "default":
            params["rope_type"] = default_type
        if params["rope_type"] in ("llama3", "yarn", "longrope"):
            params.setdefault(
                "original_max_position_embeddings", out.get("max_position_embeddings")
            )
    out["rope_parameters"] = rope


def _all_properties(info: ClassInfo) -> dict[str, ast.expr]:
    out: dict[str, ast.expr] = {}
    for i in reversed(info.mro()):
        out.update(i.properties)
    return out


def _post_init(
    info: ClassInfo,
    chain: list[ClassInfo],
    out: dict[str, Any],
    alias: dict[str, str],
    extra: dict[str, Any],
    depth: int,
) -> None:
    """Run the first ``__post_init__`` along ``chain``; ``super().__post_init__`` runs the next."""
    for idx, cls in enumerate(chain):
        if cls.name == "PreTrainedConfig":
            _base_post_init(info, out, extra, depth)
            return
        if cls.post_init is not None:
            rest = chain[idx + 1 :]
            ev = Evaluator(
                out,
                alias,
                call_super=lambda rest=rest: _post_init(info, rest, out, alias, extra, depth),
                local={"kwargs": dict(extra)},
            )
            ev.run(cls.post_init.body)
            return
    _base_post_init(info, out, extra, depth)


def _base_post_init(
    info: ClassInfo, out: dict[str, Any], extra: dict[str, Any], depth: int
) -> None:
    """What ``PreTrainedConfig.__post_init__`` does that sizes depend on: sub-configs, RoPE."""
    specs: dict[str, SubSpec] = {}
    for i in reversed(info.mro()):
        s = i.class_attrs.get("sub_configs_defaults")
        if isinstance(s, dict):
            specs.update(s)
    for key, spec in specs.items():
        value = out.get(key)
        if value is None and spec.optional:
            continue
        if value is None:
            value = dict(spec.init_kwargs)
        if not isinstance(value, dict):
            continue
        sub_type = value.get("model_type") if spec.config_class is None else None
        sub_type = sub_type or spec.model_type
        cls = spec.config_class or (reg.config_class_name(sub_type) if sub_type else None)
        done, _ = complete(value, sub_type, cls, depth + 1)
        out[key] = done
    if out.get("dtype") is None and extra.get("torch_dtype") is not None:
        out["dtype"] = extra["torch_dtype"]
    if "num_labels" not in out:
        labels = out.get("id2label")
        out["num_labels"] = len(labels) if isinstance(labels, dict) else 2
    if "rope_parameters" in out:
        _rope(info, out, extra)
    # Last, as transformers does: every keyword argument the class does not declare is set as an
    # attribute, so it wins over what a ``__post_init__`` derived before calling up (bailing_hybrid
    # sets ``linear_head_dim = self.head_dim``, then a saved ``linear_head_dim`` of 128 wins).
    for key, value in extra.items():
        if key not in _POPPED_KWARGS and key not in _all_properties(info):
            out[key] = copy.deepcopy(value)
