"""Config objects: a supplied config dict, or a config class's defaults found statically.

``config.x`` reads the supplied dict (through the class's ``attribute_map`` aliases), then the
config class's own defaults (annotated dataclass fields or ``__init__`` keyword defaults, run
through ``__post_init__``), then a few ``PreTrainedConfig`` base attributes. Every value read
carries its key and, where known, the line of its default, so facts and ``param_locs`` can say
where a dimension came from. A field nobody defines reads as Unknown, never as a guess.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.loader import unparse
from driftcheck.parsers.source.speed import symbolic
from driftcheck.parsers.source.speed.symbolic import SymVal, as_bare, resource
from driftcheck.parsers.source.values.abstract import (
    Cls,
    Config,
    Ext,
    Func,
    Obj,
    Sourced,
    Unknown,
    plain,
    unwrap,
)

if TYPE_CHECKING:
    from driftcheck.parsers.source.library.machine import Interp

CONFIG_BASES = ("PreTrainedConfig", "PretrainedConfig")
# PreTrainedConfig attributes that to_dict() may leave out (and their defaults). Not
# ``tie_word_embeddings``: transformers 5 declares it per config class, and a class without it
# does not tie (``getattr(config, "tie_word_embeddings", False)`` in modeling_utils)
BASE_DEFAULTS: dict[str, Any] = {
    "_attn_implementation": "eager",
    "_attn_implementation_internal": None,
    "pruned_heads": {},
    "is_decoder": False,
    "add_cross_attention": False,
    "tie_encoder_decoder": False,
    "torchscript": False,
    "use_return_dict": True,
    "output_attentions": False,
    "output_hidden_states": False,
    "return_dict": True,
    "is_encoder_decoder": False,
    "chunk_size_feed_forward": 0,
    "name_or_path": "",
    "_name_or_path": "",
    "_experts_implementation": None,
    "use_cache": True,
    "problem_type": None,
    "id2label": {0: "LABEL_0", 1: "LABEL_1"},
}

# class attributes of transformers' ``RotaryEmbeddingConfigMixin`` that config classes override
ROPE_CLASS_ATTRS: dict[str, Any] = {"default_theta": 10_000.0, "default_rope_type": "default"}


class Configs:
    """Config objects: config classes, their attributes (with ``attribute_map``), from_dict."""

    def __init__(self, ip: Interp) -> None:
        self.ip = ip  # the owner: the state every part shares
        # configs whose own ``__post_init__`` runs now, with the keywords it handed on to
        # ``PreTrainedConfig.__post_init__`` (``make_config``)
        self._handed: list[tuple[Config, list[dict]]] = []

    def wire(self) -> None:
        """The parts this one asks (set by the owner once all exist)."""
        ip = self.ip
        self.exprs = ip.exprs  # eval
        self.classes = ip.classes  # mro_attr
        self.calls = ip.calls  # call_func
        self.attrs = ip.attrs  # bind, setattr
        self.library = ip.library  # hf_config_class

    def is_config_cls(self, cls: Cls) -> bool:
        for c in cls.mro():
            if isinstance(c, Ext) and c.qual.rsplit(".", 1)[-1] in CONFIG_BASES:
                return True
        return False

    def config_from_dict(
        self, data: dict, origin: str | None, cls: Cls | None, prefix: str = ""
    ) -> Config:
        cfg = Config(fields=dict(data), origin=origin, cls=cls, prefix=prefix)
        if cls is None and isinstance(data.get("model_type"), str):
            cls = self.library.hf_config_class(data["model_type"])  # type: ignore[attr-defined]
            cfg.cls = cls
        if cls is not None:
            cfg.aliases = self._attribute_map(cls)
            self._as_built(cfg, cls)
        return cfg

    def _as_built(self, cfg: Config, cls: Cls) -> None:
        """The fields ``ConfigClass(**config_dict)`` ends up with, as transformers loads it.

        A config dict is ``to_dict()`` output, and ``__post_init__`` may change it on the way
        back in (dory halves ``num_hidden_layers`` and drops the ``"mlp"`` entries it lists;
        mimi sets ``_has_encoder``, which the dict lacks). A value the interpreter cannot
        compute keeps the dict's; sub-configs stay dicts, made into configs on first read.
        """
        kw = {k: v for k, v in cfg.fields.items() if isinstance(k, str) and k.isidentifier()}
        built = self.make_config(cls, [], kw, (cls.mod.path, cls.node.lineno))
        for k, v in built.fields.items():
            if v.__class__ is SymVal:
                # a number of the dict, or one computed from some: kept with its expression
                old = cfg.fields.get(k, self.ip)
                if old is v or (old.__class__ is SymVal and old.expr == v.expr):
                    continue
                if k not in cfg.fields or symbolic.compare("!=", v, old) is not False:
                    cfg.fields[k] = as_bare(v)
                continue
            if v.__class__ is list and any(x.__class__ is SymVal for x in v):
                # a list of traced numbers (``hidden_sizes``): compared item by item (guards)
                old = cfg.fields.get(k)
                if old is v or (old.__class__ is list and symbolic.same_items(v, old)):
                    continue
                cfg.fields[k] = symbolic.plain_bare(v)
                continue
            raw = plain(v)
            if isinstance(raw, Config) or not _known(raw):
                continue
            if k not in cfg.fields or raw != plain(cfg.fields[k]):
                cfg.fields[k] = raw

    def _attribute_map(self, cls: Cls) -> dict[str, str]:
        ok, amap, _ = self.classes.mro_attr(cls, "attribute_map")  # type: ignore[attr-defined]
        amap = plain(amap) if ok else {}
        return {str(k): str(plain(v)) for k, v in amap.items()} if isinstance(amap, dict) else {}

    def make_config(self, cls: Cls, args: list, kwargs: dict, loc: tuple) -> Config:
        """Instantiate an HF config class statically: class defaults, kwargs, ``__post_init__``."""
        fields: dict[str, Any] = {}
        lines: dict[str, int] = {}
        declared = set(BASE_DEFAULTS)  # dataclass fields (PreTrainedConfig's own included)
        for c in reversed(cls.mro()):
            if not isinstance(c, Cls):
                continue
            for st in c.node.body:
                if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
                    ann = unparse(st.annotation)
                    if ann.startswith("ClassVar"):
                        continue
                    declared.add(st.target.id)
                    if st.value is None:
                        continue
                    fields[st.target.id] = self.exprs.eval(st.value, c.ns["__frame__"])  # type: ignore[attr-defined]
                    lines[st.target.id] = st.lineno
        cfg = Config(fields=fields, origin=str(cls.mod.path), lines=lines, cls=cls)
        cfg.aliases = self._attribute_map(cls)
        ok, init, where = self.classes.mro_attr(cls, "__init__")  # type: ignore[attr-defined]
        if ok and isinstance(init, Func):
            obj = Obj(cls=cls)
            bound = Func(init.node, init.mod, init.closure, init.owner, cfg)
            del obj
            self.calls.call_func(bound, list(args), dict(kwargs))  # type: ignore[attr-defined]
            self._note_init_lines(cfg, init)
        else:
            for k, v in kwargs.items():
                cfg.fields[cfg.aliases.get(k, k)] = v
            extra = {k: v for k, v in kwargs.items() if k not in declared}
            ok, post, _ = self.classes.mro_attr(cls, "__post_init__")  # type: ignore[attr-defined]
            handed: list[dict] = []  # what reached PreTrainedConfig.__post_init__
            if ok and isinstance(post, Func):
                # the dataclass __init__ hands undeclared keywords to __post_init__(**kwargs)
                # (SwinConfig pops ``out_features`` from them)
                f = Func(post.node, post.mod, post.closure, post.owner, cfg)
                self._handed.append((cfg, handed))
                try:
                    self.calls.call_func(f, [], extra if post.node.args.kwarg is not None else {})  # type: ignore[attr-defined]
                finally:
                    self._handed.pop()
            elif self.is_config_cls(cls):
                self.base_post_init(cfg, extra)  # no class of its own: PreTrainedConfig's runs
            # PreTrainedConfig.__post_init__(**kwargs) sets keyword arguments that are not
            # declared fields LAST: they win over what the subclass computed before it
            # (DacConfig(hidden_size=256) keeps 256, not encoder_hidden_size * 2**4). Only
            # those the class's own ``__post_init__`` handed on: one it popped first is gone
            # (T5Config pops ``tie_word_embeddings`` and sets True: reading the keyword back
            # untied T5's embeddings, a confident wrong count, session 21)
            left = handed[-1] if handed else kwargs
            for k, v in left.items():
                if k in kwargs and k not in declared and cfg.aliases.get(k, k) not in declared:
                    cfg.fields[cfg.aliases.get(k, k)] = v
        for k, v in list(cfg.fields.items()):
            if v.__class__ is SymVal:
                continue  # a number
            raw = unwrap(v)  # a dict is never copied by plain: only the wrapper comes off
            if isinstance(raw, dict) and isinstance(plain(raw.get("model_type")), str):
                cfg.fields[k] = self.config_from_dict(plain(v), cfg.origin, None, f"{k}.")
        return cfg

    def base_method(self, cfg: Config, name: str) -> BuiltinMethod | None:
        """The methods of ``PreTrainedConfig`` (and its RoPE mixin) that sizes and forward
        shapes depend on, for a config whose class does not define them itself (its own
        definitions, read from source, run instead, and may call these through ``super()``)."""
        if name == "__post_init__":
            return BuiltinMethod(lambda a, k: self.base_post_init(cfg, k))
        if name == "convert_rope_params_to_dict":
            return BuiltinMethod(lambda a, k: self._convert_rope(cfg, dict(k)))
        if name == "standardize_rope_params":
            return BuiltinMethod(lambda a, k: self._standardize_rope(cfg))
        if name == "nested_rope_parameter_keys":
            return BuiltinMethod(lambda a, k: self._nested_keys(cfg, unwrap(a[0]) if a else None))
        return None

    def base_post_init(self, cfg: Config, kwargs: dict) -> None:
        """``PreTrainedConfig.__post_init__(**kwargs)``, reached through ``super()`` or run for a
        class without its own: the RoPE dict is standardised (``self.convert_rope_params_to_dict``,
        the class's own where it has one), then the keyword arguments left are set where the
        class left no value."""
        kwargs = {k: v for k, v in kwargs.items() if k != "**"}
        for owner, handed in self._handed[-1:]:
            if owner is cfg:  # ``super().__post_init__(**kwargs)`` of the class being made
                handed.append(kwargs)
        key = cfg.aliases.get("rope_parameters", "rope_parameters")
        if self.has_config_attr(cfg, "rope_parameters"):
            if isinstance(unwrap(cfg.fields.get(key)), dict):
                # what the class changes in place must not reach the dict the caller gave
                cfg.fields[key] = _copy_rope(unwrap(cfg.fields[key]))
            ok, own, _ = (
                self.classes.mro_attr(cfg.cls, "convert_rope_params_to_dict")  # type: ignore[attr-defined]
                if cfg.cls is not None
                else (False, None, None)
            )
            if ok and isinstance(own, Func):
                f = Func(own.node, own.mod, own.closure, own.owner, cfg)
                left = unwrap(self.calls.call_func(f, [], dict(kwargs)))  # type: ignore[attr-defined]
                kwargs = left if isinstance(left, dict) else kwargs
            else:
                kwargs = self._convert_rope(cfg, kwargs)
        for k, v in kwargs.items():
            cfg.fields.setdefault(cfg.aliases.get(k, k), v)

    def _read(self, cfg: Config, name: str, default: Any = None) -> Any:
        """``getattr(config, name, default)``: Unknown when it cannot be read."""
        if not self.has_config_attr(cfg, name):
            return default
        return self.config_attr(cfg, name, None)

    def _nested_keys(self, cfg: Config, rope: Any) -> Any:
        """``nested_rope_parameter_keys``: the keys of ``rope`` that name a layer type."""
        labels = plain(self._read(cfg, "_rope_type_labels")) or plain(
            self._read(cfg, "layer_types")
        )
        if not isinstance(rope, dict) or not isinstance(labels, (list, tuple, type(None))):
            return Unknown("rope_parameters nesting")
        return [k for k in rope if k in (labels or ())]

    def _convert_rope(self, cfg: Config, kwargs: dict) -> Any:
        """``RotaryEmbeddingConfigMixin.convert_rope_params_to_dict`` (transformers 5): legacy
        ``rope_scaling`` / ``rope_theta`` / ``partial_rotary_factor`` keywords move into the
        RoPE dict (each per-layer-type dict when nested), then ``standardize_rope_params``.
        Returns the keyword arguments left. Where a value it needs cannot be read the dict is
        left as it is: the keys the model reads stay missing (unknown), never guessed."""
        key = cfg.aliases.get("rope_parameters", "rope_parameters")
        scaling = unwrap(kwargs.pop("rope_scaling", None))
        rope = scaling or unwrap(cfg.lookup("rope_parameters")[1])
        rope = {} if rope is None else rope
        if "rope_theta" in kwargs:
            theta = kwargs.pop("rope_theta")
        else:
            theta = self._read(cfg, "rope_theta", self._read(cfg, "default_theta", 10_000.0))
        if "partial_rotary_factor" in kwargs:
            factor = kwargs.pop("partial_rotary_factor")
        else:
            factor = self._read(cfg, "partial_rotary_factor")
        if not isinstance(rope, dict) or any(isinstance(v, Unknown) for v in (theta, factor)):
            return kwargs
        nested = self._nested_keys(cfg, rope)
        if isinstance(nested, Unknown):
            return kwargs
        rope = _copy_rope(rope)
        cfg.fields[key] = rope
        for params in [rope[k] for k in nested] or [rope]:
            if not isinstance(params, dict):
                continue
            params.setdefault("rope_theta", theta)
            if plain(factor) is not None:
                params.setdefault("partial_rotary_factor", factor)
        self._standardize_rope(cfg)
        return kwargs

    def _standardize_rope(self, cfg: Config) -> None:
        """``RotaryEmbeddingConfigMixin.standardize_rope_params`` (transformers 5): the RoPE
        dict (each per-layer-type dict when nested) gets ``rope_type`` (from ``type``, else
        ``"default"`` or the class's ``default_rope_type``), ``rope_theta``,
        ``partial_rotary_factor`` and, for scaled types, ``original_max_position_embeddings``.
        The modeling code reads these keys (``rope_parameters["rope_type"]`` picks the function
        that sizes ``inv_freq``). Changed in place, as transformers does."""
        theta = self._read(cfg, "rope_theta")
        factor = self._read(cfg, "partial_rotary_factor")
        rope = unwrap(self._read(cfg, "rope_parameters")) or {}
        default_type = plain(self._read(cfg, "default_rope_type", "default"))
        own_original = self.has_config_attr(cfg, "original_max_position_embeddings")
        original = self._read(cfg, "original_max_position_embeddings")
        max_pos = self._read(cfg, "max_position_embeddings")
        if any(isinstance(v, Unknown) for v in (theta, factor, default_type)):
            return
        if not isinstance(rope, dict) or not isinstance(default_type, str):
            return
        nested = self._nested_keys(cfg, rope)
        if isinstance(nested, Unknown) or not (rope or plain(theta)):
            return
        for k in nested or [None]:
            params = rope if k is None else unwrap(rope[k])
            if params is None and k is not None:
                continue
            if not isinstance(params, dict):
                return
            kind = plain(params.get("rope_type", params.get("type", "default")))
            if not isinstance(kind, str):
                return
            params.setdefault("rope_type", kind)
            params.setdefault("rope_theta", theta)
            if plain(factor) is not None:
                params.setdefault("partial_rotary_factor", factor)
            if k is None and default_type != "default" and kind == "default":
                params["rope_type"] = kind = default_type
            if kind in ("llama3", "yarn", "longrope"):
                if own_original and k is None:  # Phi3 keeps its own, which wins
                    params["original_max_position_embeddings"] = original
                else:
                    params.setdefault("original_max_position_embeddings", max_pos)

    def _note_init_lines(self, cfg: Config, init: Func) -> None:
        a = init.node.args
        for p in [*a.args, *a.kwonlyargs]:
            cfg.lines.setdefault(p.arg, p.lineno)

    def config_attr(self, cfg: Config, name: str, where: tuple | None) -> Any:
        if name == "per_layer_config":
            return self._per_layer(cfg, where)
        if cfg.origin == "omegaconf":  # nested dicts read as configs (library/omegaconflib.py)
            from driftcheck.parsers.source.library import omegaconflib

            omegaconflib.normalize(cfg, name)
        found, v = cfg.lookup(name)
        if found:
            return self._wrap(cfg, name, v, where)
        if name in ("get_text_config", "get_vision_config"):
            key = name[4:]

            def sub(a: list, k: dict) -> Any:
                ok, v = cfg.lookup(key)
                return self._wrap(cfg, key, v, where) if ok else cfg

            return BuiltinMethod(sub)
        if name == "__setattr__":  # ``config.__setattr__(key, value)``, as ``setattr`` does
            return BuiltinMethod(
                lambda a, k: (
                    self.attrs.setattr(cfg, plain(a[0]), a[1], None, None)  # type: ignore[attr-defined]
                    if len(a) == 2 and isinstance(plain(a[0]), str)
                    else None
                )
            )
        if name in ("to_dict", "to_diff_dict"):
            return BuiltinMethod(lambda a, k: dict(cfg.fields))
        if name == "__dict__" and cfg.origin != "omegaconf":
            # the instance namespace, live (``args.__dict__.update(n=2)`` writes ``args.n``), as
            # ``vars(cfg)`` gives it (library/python.py); a DictConfig keeps its nodes elsewhere
            return cfg.fields
        if name == "get":
            return BuiltinMethod(
                lambda a, k: (
                    self.config_attr(cfg, str(plain(a[0])), where)
                    if cfg.lookup(str(plain(a[0])))[0]
                    else (a[1] if len(a) > 1 else None)
                )
            )
        if name == "__setattr__":  # ``config.__setattr__(key, value)``: a plain write

            def set_field(a: list, k: dict) -> None:
                key = plain(a[0]) if a else None
                if isinstance(key, str) and len(a) > 1:
                    cfg.fields[cfg.aliases.get(key, key)] = a[1]

            return BuiltinMethod(set_field)
        if name in ("keys", "items", "values"):
            return BuiltinMethod(lambda a, k: list(getattr(cfg.fields, name)()))
        if cfg.origin == "omegaconf":  # a DictConfig's own methods (library/omegaconflib.py)
            from driftcheck.parsers.source.library import omegaconflib

            got = omegaconflib.method(cfg, name)
            if got is not None:
                return got
        if name.startswith("_") and not name.startswith("__"):
            # a private field behind a public property (``_out_features``) is saved in the
            # dict under its public name (BackboneConfigMixin.to_dict)
            found, v = cfg.lookup(name[1:])
            if found:
                return self._wrap(cfg, name[1:], v, where)
        if cfg.cls is not None:
            ok, v, _ = self.classes.mro_attr(cfg.cls, name)  # type: ignore[attr-defined]
            if ok:
                if isinstance(v, Func):
                    return self.attrs.bind(v, cfg)  # type: ignore[attr-defined]
                return self._wrap(cfg, name, v, where)
            if self.is_config_cls(cfg.cls):
                base = self.base_method(cfg, name)
                if base is not None:
                    return base
                if name in ROPE_CLASS_ATTRS:
                    return ROPE_CLASS_ATTRS[name]
        if name == "num_labels":
            ok, labels = cfg.lookup("id2label")
            return len(plain(labels)) if ok and isinstance(plain(labels), dict) else 2
        if name in BASE_DEFAULTS and cfg.cls is not None or name in ("_attn_implementation",):
            return BASE_DEFAULTS[name]
        return Unknown(f"config.{cfg.prefix}{name}")

    def _per_layer(self, cfg: Config, where: tuple | None) -> Any:
        """``config.per_layer_config``: one config per layer, the global one with that layer's
        overrides (transformers' heterogeneous configs: ``{"05": {"head_dim": 512}}``, keys
        are layer indices, ``skip`` lists sub-layers a layer leaves out)."""
        n = plain(self.config_attr(cfg, "num_hidden_layers", where))
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 100_000:
            return Unknown("per_layer_config without num_hidden_layers")
        found, raw = cfg.lookup("per_layer_config")
        raw = plain(raw) if found else None
        if raw is None:
            return [cfg] * n
        if not isinstance(raw, dict):
            return Unknown("per_layer_config")
        overrides: dict[int, dict] = {}
        for k, v in raw.items():
            try:
                overrides[int(plain(k))] = dict(plain(v))
            except (TypeError, ValueError):
                return Unknown("per_layer_config key")
        out: list[Any] = []
        for i in range(n):
            layer = overrides.get(i)
            if not layer:
                out.append(cfg)
                continue
            fields = dict(cfg.fields)
            fields.pop("per_layer_config", None)
            for k, v in layer.items():
                fields[cfg.aliases.get(k, k)] = v
            fields["skip"] = list(layer.get("skip", []))
            out.append(Config(fields, cfg.aliases, cfg.origin, cfg.lines, cfg.cls, cfg.prefix))
        return out

    def has_config_attr(self, cfg: Config, name: str) -> bool:
        if cfg.lookup(name)[0]:
            return True
        if cfg.cls is not None and self.classes.mro_attr(cfg.cls, name)[0]:  # type: ignore[attr-defined]
            return True
        return name in BASE_DEFAULTS and cfg.cls is not None

    def _wrap(self, cfg: Config, name: str, v: Any, where: tuple | None = None) -> Any:
        if isinstance(v, (Sourced, Config)) and not (v.__class__ is SymVal and v.bare):
            return v
        key = cfg.aliases.get(name, name)
        if isinstance(v, dict) and (
            isinstance(v.get("model_type"), str) or key.endswith("_config")
        ):
            sub = self.config_from_dict(v, cfg.origin, None, f"{cfg.prefix}{key}.")
            cfg.fields[key] = sub
            return sub
        if isinstance(v, (dict, list)):
            return v
        file, line = where if where else (cfg.origin, cfg.lines.get(key))
        return resource(v, cfg.prefix + key, file, line)


def _copy_rope(rope: dict) -> dict:
    """The RoPE dict and its per-layer dicts copied: standardising must not write into the dict
    the caller gave (a config.json read once and shared)."""
    return {k: dict(unwrap(v)) if isinstance(unwrap(v), dict) else v for k, v in rope.items()}


def _known(v: Any, depth: int = 0) -> bool:
    """No Unknown anywhere inside (containers are searched a few levels deep)."""
    if isinstance(v, Unknown) or depth > 4:
        return False
    if isinstance(v, (list, tuple)):
        return all(x.__class__ is SymVal or _known(plain(x), depth + 1) for x in v)
    if isinstance(v, dict):
        return all(x.__class__ is SymVal or _known(plain(x), depth + 1) for x in v.values())
    return not isinstance(v, (Obj, Func, Cls))
