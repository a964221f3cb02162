"""peft's entry points as a table: ``get_peft_model(model, config)`` and
``inject_adapter_in_model(config, model)`` for LoRA and IA3 adapters on torch layers.

peft's own code reaches its tuner classes through registries filled at import by other modules
(``register_peft_method``), walks ``named_modules()`` and swaps layers with ``setattr``; the
interpreter does not get through that, so these two calls are modelled on the tree the user's
model already is: every module whose dotted name the config targets (peft's rule:
``target_modules`` as a list matches a name equal to an entry or ending in ``"." + entry``, as a
string it must match the whole name as a regular expression) is replaced by peft's wrapper
layer, which keeps the original as ``base_layer`` and adds the adapter's weights under the
adapter name ``default``:

- LoRA on ``Linear``: ``lora_A.default = Linear(in, r, bias=False)``, ``lora_B.default =
  Linear(r, out, bias=False)``; on ``Conv1d/2d/3d`` the same with ``lora_A`` taking the base's
  kernel, stride and padding and ``lora_B`` a 1-kernel; on ``Embedding``
  ``lora_embedding_A.default`` (r, num) and ``lora_embedding_B.default`` (dim, r);
- IA3 on ``Linear``: ``ia3_l.default`` (out, 1), or (1, in) for a feed-forward module; on
  ``Conv1d/2d/3d`` (1, channels, 1...) with the input channels for a feed-forward module;
- ``modules_to_save``: a module whose name ends with an entry is wrapped with its copy
  (``original_module`` and ``modules_to_save.default``); ``get_peft_model`` then wraps the
  whole model as ``PeftModel.base_model.model``, as peft's parameter names read.

Anything else (other adapter types, a task type, rank or alpha patterns, DoRA, layer indexes,
excluded modules, a target that is not one of those layers, no target found, a tree holding a
module we do not know) is an honest unknown naming the call, never the base model's count.
"""

from __future__ import annotations

import re
from typing import Any

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import (
    Ext,
    Leaf,
    Obj,
    Tensor,
    Unknown,
    UnknownModule,
    plain,
)

PEFT = Group("peft", title="peft (adapters)")

# peft functions read from this table instead of their source (objmodel._resolve_global)
SOURCE_MODELS = {
    "peft.mapping_func.get_peft_model": "peft.get_peft_model",
    "peft.mapping.inject_adapter_in_model": "peft.inject_adapter_in_model",
}
ADAPTER = "default"
_CONV = {"Conv1d": 1, "Conv2d": 2, "Conv3d": 3}


class _Bail(Exception):
    """The call is not one the table decides: the result is unknown (the message says why)."""


def _field(cfg: Any, name: str, interp: Any) -> Any:
    v = plain(interp.attrs.getattr(cfg, name))
    if isinstance(v, Unknown):
        raise _Bail(f"config field {name} unknown")
    return v


def _empty(v: Any) -> bool:
    return v is None or v is False or (isinstance(v, (list, tuple, set, dict, str)) and not v)


def _named(root: Any) -> list[tuple[str, Any, Any, str]]:
    """peft's ``named_modules()`` below the root: (dotted name, module, parent, attribute),
    pre-order, each module once."""
    out: list[tuple[str, Any, Any, str]] = []
    seen: set[int] = {id(root)}

    def walk(m: Obj, prefix: str) -> None:
        for k, ch in m.children.items():
            ch = plain(ch)
            if not isinstance(ch, (Obj, Leaf)):
                raise _Bail(f"a module we do not know under {prefix + k}")
            if id(ch) in seen:
                raise _Bail(f"a module registered twice ({prefix + k})")
            seen.add(id(ch))
            out.append((prefix + k, ch, m, k))
            if isinstance(ch, Obj):
                if ch.unresolved:
                    raise _Bail(f"{prefix + k}: contents unknown")
                walk(ch, f"{prefix}{k}.")

    walk(root, "")
    return out


def _targeted(spec: Any, key: str, what: str) -> bool:
    if isinstance(spec, str):
        return re.fullmatch(spec, key) is not None
    if isinstance(spec, (list, tuple, set, frozenset)):
        names = [plain(x) for x in spec]
        if not all(isinstance(x, str) for x in names):
            raise _Bail(f"{what}: names we do not know")
        return key in names or any(key.endswith(f".{t}") for t in names)
    raise _Bail(f"{what} we do not know")


def _ints(leaf: Leaf, *names: str) -> list[int]:
    vals = [plain(leaf.params.get(n)) for n in names]
    if leaf.unresolved or not all(isinstance(v, int) and not isinstance(v, bool) for v in vals):
        raise _Bail(f"{leaf.type} with sizes we do not know")
    return vals


class _Build:
    """Torch layers and containers built through the interpreter (as the user's code would)."""

    def __init__(self, c: Call) -> None:
        self.c = c

    def torch(self, name: str, *args: Any, **kw: Any) -> Any:
        return self.c.interp.calls.call(Ext(f"torch.nn.{name}"), list(args), kw, self.c.loc)

    def mdict(self, items: dict[str, Any]) -> Any:
        return self.torch("ModuleDict", items)

    def pdict(self, shapes: dict[str, tuple[int, ...]]) -> Any:
        items = {k: self.torch("Parameter", Tensor(s)) for k, s in shapes.items()}
        return self.torch("ParameterDict", items)

    def wrapper(self, qual: str, children: dict[str, Any]) -> Obj:
        m = Obj(cls=None, module=True, qual=qual, loc=(self.c.loc[0], self.c.loc[1]))
        for k, v in children.items():
            m.children[k] = v
        return m


def _lora_layer(b: _Build, leaf: Leaf, r: int, dropout: Any) -> Obj:
    drop = b.mdict({ADAPTER: b.torch("Dropout", p=dropout) if dropout else b.torch("Identity")})
    kids: dict[str, Any] = {"base_layer": leaf, "lora_dropout": drop}
    t = leaf.type
    if t == "Linear":
        n_in, n_out = _ints(leaf, "in_features", "out_features")
        kids["lora_A"] = b.mdict({ADAPTER: b.torch("Linear", n_in, r, bias=False)})
        kids["lora_B"] = b.mdict({ADAPTER: b.torch("Linear", r, n_out, bias=False)})
        qual = "peft.tuners.lora.layer.Linear"
    elif t in _CONV:
        n_in, n_out = _ints(leaf, "in_channels", "out_channels")
        if plain(leaf.params.get("groups", 1)) != 1:
            raise _Bail(f"LoRA on a grouped {t}")
        p = leaf.params
        a = b.torch(
            t,
            n_in,
            r,
            p.get("kernel_size"),
            p.get("stride", 1),
            p.get("padding", 0),
            bias=False,
        )
        kids["lora_A"] = b.mdict({ADAPTER: a})
        kids["lora_B"] = b.mdict({ADAPTER: b.torch(t, r, n_out, 1, 1, bias=False)})
        qual = f"peft.tuners.lora.layer.{t}"
    elif t == "Embedding":
        num, dim = _ints(leaf, "num_embeddings", "embedding_dim")
        kids["lora_embedding_A"] = b.pdict({ADAPTER: (r, num)})
        kids["lora_embedding_B"] = b.pdict({ADAPTER: (dim, r)})
        qual = "peft.tuners.lora.layer.Embedding"
    else:
        raise _Bail(f"LoRA on a {t} (a layer the table does not hold)")
    return b.wrapper(qual, kids)


def _ia3_layer(b: _Build, leaf: Leaf, feedforward: bool) -> Obj:
    t = leaf.type
    if t == "Linear":
        n_in, n_out = _ints(leaf, "in_features", "out_features")
        shape: tuple[int, ...] = (1, n_in) if feedforward else (n_out, 1)
    elif t in _CONV:
        n_in, n_out = _ints(leaf, "in_channels", "out_channels")
        shape = (1, n_in if feedforward else n_out) + (1,) * _CONV[t]
    else:
        raise _Bail(f"IA3 on a {t} (a layer the table does not hold)")
    kids = {"base_layer": leaf, "ia3_l": b.pdict({ADAPTER: shape})}
    return b.wrapper(f"peft.tuners.ia3.layer.{t}", kids)


_LORA_OFF = (
    "rank_pattern",
    "alpha_pattern",
    "use_dora",
    "lora_bias",
    "layers_to_transform",
    "exclude_modules",
    "layer_replication",
    "trainable_token_indices",
    "target_parameters",
    "megatron_config",
    "modules_to_tie",
)
_IA3_OFF = ("layers_to_transform", "exclude_modules", "modules_to_tie")


def _inject(c: Call, cfg: Any, model: Any) -> None:
    """Replace the targeted layers of ``model`` in place, as peft's tuner does, then wrap the
    modules to save."""
    interp = c.interp
    kind = _field(cfg, "peft_type", interp)
    kind = getattr(kind, "value", kind)
    if kind not in ("LORA", "IA3"):
        raise _Bail(f"a {kind} adapter (the table holds LoRA and IA3)")
    if not isinstance(cfg, Obj):
        raise _Bail("a config we do not know")
    for name in _LORA_OFF if kind == "LORA" else _IA3_OFF:
        if name not in cfg.attrs:
            continue  # a field this peft version does not have
        v = plain(cfg.attrs[name])
        if isinstance(v, Unknown) or not _empty(v):
            raise _Bail(f"{name} set")
    targets = _field(cfg, "target_modules", interp)
    if targets is None or targets == "all-linear":
        raise _Bail(f"target_modules={targets!r} (peft chooses the layers from the model type)")
    to_save = _field(cfg, "modules_to_save", interp)
    save_names = [] if to_save is None else [plain(x) for x in to_save]
    if not all(isinstance(x, str) for x in save_names):
        raise _Bail("modules_to_save names we do not know")
    b = _Build(c)
    found = False
    if kind == "LORA":
        r = _field(cfg, "r", interp)
        dropout = _field(cfg, "lora_dropout", interp)
        if not isinstance(r, int) or r <= 0 or not isinstance(dropout, (int, float)):
            raise _Bail("r or lora_dropout we do not know")
    else:
        ff = _field(cfg, "feedforward_modules", interp)
    for key, m, parent, attr in _named(model):
        if any(re.match(rf"(^|.*\.){t}($|\..*)", key) for t in save_names):
            continue  # never an adapter on a module to save
        if not _targeted(targets, key, "target_modules"):
            continue
        if not isinstance(m, Leaf):
            raise _Bail(f"target {key} is not a torch layer the table holds")
        found = True
        if kind == "LORA":
            new = _lora_layer(b, m, r, dropout)
        else:
            is_ff = (
                re.fullmatch(ff, key) is not None
                if isinstance(ff, str)
                else any(key.endswith(plain(t)) for t in (ff or ()))
            )
            new = _ia3_layer(b, m, is_ff)
        parent.children[attr] = new
    if not found:
        raise _Bail("no module matches target_modules (peft raises ValueError)")
    if save_names:
        _wrap_to_save(c, model, save_names)


def _wrap_to_save(c: Call, model: Obj, names: list[str]) -> None:
    """``modules_to_save``: peft's ``_set_trainable`` over the adapted model's names (a plain
    ``endswith``), each match wrapped with a deep copy of itself."""
    b = _Build(c)
    hits = [(k, m, p, a) for k, m, p, a in _named(model) if any(k.endswith(t) for t in names)]
    keys = [k for k, *_ in hits]
    if any(x != y and y.startswith(x + ".") for x in keys for y in keys):
        raise _Bail("modules_to_save matches nested modules")
    if not hits:
        raise _Bail("no module matches modules_to_save (peft raises ValueError)")
    for key, m, parent, attr in hits:
        if isinstance(m, Obj) and m.qual and m.qual.startswith("peft."):
            raise _Bail(f"modules_to_save {key} is an adapter layer")
        copy = c.interp.calls.call(Ext("copy.deepcopy"), [m], {}, c.loc)
        if not isinstance(plain(copy), (Obj, Leaf)):
            raise _Bail(f"a copy of {key} we cannot make")
        kids = {"original_module": m, "modules_to_save": b.mdict({ADAPTER: copy})}
        parent.children[attr] = b.wrapper("peft.utils.other.ModulesToSaveWrapper", kids)


def _checked(c: Call, cfg: Any, model: Any, what: str) -> Any:
    model, cfg = plain(model), plain(cfg)
    if not (isinstance(model, Obj) and model.module):
        return UnknownModule(f"{what} of a model we do not know at {c.where}")
    try:
        _inject(c, cfg, model)
    except _Bail as e:
        return UnknownModule(f"{what} at {c.where}: {e}")
    return None


@PEFT.entry(
    "inject_adapter_in_model",
    doc="inject_adapter_in_model(config, model): LoRA / IA3 layers swapped in place (a table)",
    also=("peft.mapping.inject_adapter_in_model",),
)
def _inject_adapter_in_model(c: Call) -> Any:
    model = c.arg(1, "model")
    bad = _checked(c, c.arg(0, "peft_config"), model, "inject_adapter_in_model")
    return bad if bad is not None else model


@PEFT.entry(
    "get_peft_model",
    doc="get_peft_model(model, config): PeftModel(base_model=LoraModel / IA3Model(model)) with "
    "LoRA / IA3 layers swapped in (a table)",
    also=("peft.mapping_func.get_peft_model",),
)
def _get_peft_model(c: Call) -> Any:
    model, cfg = c.arg(0, "model"), c.arg(1, "peft_config")
    task = plain(c.interp.attrs.getattr(plain(cfg), "task_type"))
    if task is not None:
        return UnknownModule(f"get_peft_model with task_type={task!r} at {c.where}")
    kind = plain(c.interp.attrs.getattr(plain(cfg), "peft_type"))
    kind = getattr(kind, "value", kind)
    bad = _checked(c, cfg, model, "get_peft_model")
    if bad is not None:
        return bad
    b = _Build(c)
    tuner = "lora.model.LoraModel" if kind == "LORA" else "ia3.model.IA3Model"
    inner = b.wrapper(f"peft.tuners.{tuner}", {"model": plain(model)})
    return b.wrapper("peft.peft_model.PeftModel", {"base_model": inner})
