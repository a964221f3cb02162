"""How the reimplfix37 probe ports hold their sizes (one style a port), written for this probe.

Same contract as ``tests/reimpl_probe36/styles.py`` (``Rendered``: the code that builds ``CFG``,
how a body reads one size off an object, files next to the code, imports), with the ways of
holding sizes session 36's probes did not use: ``functools.partial`` over a dataclass, a
hydra-like nested dict read through a ``__getattr__`` dict, dotted override strings applied to a
nested dict, a nested YAML file next to the code merged into defaults, a registry of dataclass
subclasses, ``__post_init__`` derived sizes, nested dataclasses built by ``default_factory``, a
TOML string, ``ChainMap``, a pydantic model, ``attrs.evolve``, per-layer dicts, and environment
variables with defaults (``os.getenv`` / ``os.environ.get``, module constants or argparse)."""

from __future__ import annotations

import json
from collections.abc import Callable

from tests.reimpl_probe36.styles import Rendered, _attr, _big, _item, _lit

GROUPS = {
    "embed": ("vocab", "ctx", "max_pos"),
    "attn": ("heads", "kv_heads", "n_head", "theta", "pct", "rotary_dim"),
    "ffn": ("inter", "n_inner", "experts", "top_k"),
}


def _group(k: str) -> str:
    return next((g for g, ks in GROUPS.items() if k in ks), "trunk")


def _yaml_scalar(v: object) -> str:
    return f"{v:.2e}" if isinstance(v, float) else str(v)


def partial_dataclass(vals, big, drop=None):
    """A dataclass of the larger preset's defaults, the tiny run bound by ``functools.partial``
    (half the sizes) and the rest given at the call."""
    fields = "\n".join(
        f"    {k}: {type(v).__name__} = {_lit(v)}" for k, v in _big(vals, big).items()
    )
    keep = [k for k in vals if k != drop]
    first = ", ".join(f"{k}={_lit(vals[k])}" for k in keep[::2])
    second = ", ".join(f"{k}={_lit(vals[k])}" for k in keep[1::2])
    pre = (
        f"@dataclass\nclass ModelConfig:\n{fields}\n\n\n"
        f"tiny_config = functools.partial(ModelConfig, {first})\n"
        f"CFG = tiny_config({second})\n"
    )
    return Rendered(pre, _attr, imports="import functools\nfrom dataclasses import dataclass\n")


_MERGE = (
    "def merge(base, over):\n"
    "    out = dict(base)\n"
    "    for key, value in over.items():\n"
    "        if isinstance(value, dict) and isinstance(out.get(key), dict):\n"
    "            out[key] = merge(out[key], value)\n"
    "        else:\n"
    "            out[key] = value\n"
    "    return out\n\n\n"
)


def _nest(vals: dict, drop=None) -> dict:
    out: dict = {}
    for k, v in vals.items():
        if k != drop:
            out.setdefault(_group(k), {})[k] = v
    return out


def dotdict_nested(vals, big, drop=None):
    """A hydra-like tree (model.attn.heads, ...): defaults deep-merged with the run's overrides and
    read by attribute through a dict subclass's ``__getattr__``."""
    base = {"model": _nest(_big(vals, big)), "optim": {"lr": 3e-4, "warmup": 100}}
    over = {"model": _nest(vals, drop)}
    pre = (
        "class DotDict(dict):\n"
        "    def __getattr__(self, name):\n"
        "        try:\n"
        "            value = self[name]\n"
        "        except KeyError as e:\n"
        "            raise AttributeError(name) from e\n"
        "        return DotDict(value) if isinstance(value, dict) else value\n\n\n"
        + _MERGE
        + f"BASE = {json.dumps(base, indent=4)}\n"
        + f"RUN = {json.dumps(over, indent=4)}\n"
        + "CFG = DotDict(merge(BASE, RUN)).model\n"
    )
    return Rendered(pre, lambda o, k: f"{o}.{_group(k)}.{k}")


def cli_overrides(vals, big, drop=None):
    """Hydra-style ``section.key=value`` override strings applied to a nested dict of defaults,
    each value cast to its default's type."""
    conf = {"model": _big(vals, big), "data": {"seq_len": 128}}
    over = [f"model.{k}={v!r}" for k, v in vals.items() if k != drop]
    pre = (
        f"CONF = {json.dumps(conf, indent=4)}\n"
        f"OVERRIDES = {over!r}\n"
        "for item in OVERRIDES:\n"
        '    path, raw = item.split("=", 1)\n'
        '    *parents, leaf = path.split(".")\n'
        "    node = CONF\n"
        "    for p in parents:\n"
        "        node = node[p]\n"
        "    node[leaf] = type(node[leaf])(raw)\n"
        'CFG = CONF["model"]\n'
    )
    return Rendered(pre, _item)


def yaml_nested_file(vals, big, drop=None):
    """Nested defaults deep-merged with a nested YAML file next to the script (``os.path``)."""
    over = _nest(vals, drop)
    lines = ["model:"]
    for g, kv in over.items():
        lines.append(f"  {g}:")
        lines += [f"    {k}: {_yaml_scalar(v)}" for k, v in kv.items()]
    pre = (
        _MERGE
        + f"DEFAULTS = {json.dumps(_nest(_big(vals, big)), indent=4)}\n"
        + "HERE = os.path.dirname(os.path.abspath(__file__))\n"
        + 'with open(os.path.join(HERE, "config.yaml")) as fh:\n'
        + '    CFG = merge(DEFAULTS, yaml.safe_load(fh)["model"])\n'
    )
    return Rendered(
        pre,
        lambda o, k: f'{o}["{_group(k)}"]["{k}"]',
        {"config.yaml": "\n".join(lines) + "\n"},
        "import os\n\nimport yaml\n",
    )


def registry_subclass(vals, big, drop=None):
    """A registry of dataclass subclasses: the tiny run's class overrides the base's defaults."""
    base = "\n".join(f"    {k}: {type(v).__name__} = {_lit(v)}" for k, v in _big(vals, big).items())
    tiny = "\n".join(
        f"    {k}: {type(v).__name__} = {_lit(v)}" for k, v in vals.items() if k != drop
    )
    pre = (
        "CONFIGS = {}\n\n\n"
        "def register(cls):\n"
        "    CONFIGS[cls.__name__.lower()] = cls\n"
        "    return cls\n\n\n"
        f"@dataclass\nclass BaseConfig:\n{base}\n\n\n"
        f"@register\n@dataclass\nclass Tiny(BaseConfig):\n{tiny or '    pass'}\n\n\n"
        'CFG = CONFIGS["tiny"]()\n'
    )
    return Rendered(pre, _attr, imports="from dataclasses import dataclass\n")


def post_init_derived(vals, big, drop=None):
    """A dataclass whose width is ``heads * head_dim`` and FFN ``ffn_mult * width``, both set in
    ``__post_init__`` when left at 0."""
    wkey = next(k for k in ("hidden", "n_embd") if k in vals)
    hkey = next(k for k in ("heads", "n_head") if k in vals)
    fkey = next(k for k in ("inter", "n_inner") if k in vals)
    w, h, f = vals[wkey], vals[hkey], vals[fkey]
    lines = []
    for k, v in vals.items():
        if k in (wkey, fkey):
            continue
        lines.append(f"    {k}: {type(v).__name__} = {_lit(v)}")
    derive = []
    if w % h == 0:
        lines.append(f"    head_dim: int = {w // h}")
        lines.append(f"    {wkey}: int = 0")
        derive.append(
            f"        if not self.{wkey}:\n            self.{wkey} = self.{hkey} * self.head_dim"
        )
    else:
        lines.append(f"    {wkey}: int = {w}")
    if f % w == 0:
        lines.append(f"    ffn_mult: int = {f // w}")
        lines.append(f"    {fkey}: int = 0")
        derive.append(
            f"        if not self.{fkey}:\n            self.{fkey} = self.ffn_mult * self.{wkey}"
        )
    else:
        lines.append(f"    {fkey}: int = {f}")
    body = "\n".join(lines)
    post = "\n".join(derive) or "        pass"
    pre = (
        f"@dataclass\nclass Args:\n{body}\n\n"
        f"    def __post_init__(self):\n{post}\n\n\n"
        "CFG = Args()\n"
    )
    return Rendered(pre, _attr, imports="from dataclasses import dataclass\n")


def nested_dataclasses(vals, big, drop=None):
    """Sub-config dataclasses (embedding / attention / FFN / trunk) held by ``default_factory``;
    the run replaces sub-configs with its own."""
    bigv = _big(vals, big)
    groups: dict[str, list[str]] = {}
    for k in vals:
        groups.setdefault(_group(k), []).append(k)
    out = []
    for g, ks in groups.items():
        fields = "\n".join(f"    {k}: {type(bigv[k]).__name__} = {_lit(bigv[k])}" for k in ks)
        out.append(f"@dataclass\nclass {g.title()}Config:\n{fields}\n")
    holder = "\n".join(
        f"    {g}: {g.title()}Config = field(default_factory={g.title()}Config)" for g in groups
    )
    out.append(f"@dataclass\nclass ModelConfig:\n{holder}\n")
    args = []
    for g, ks in groups.items():
        kw = ", ".join(f"{k}={_lit(vals[k])}" for k in ks if k != drop)
        args.append(f"    {g}={g.title()}Config({kw}),")
    pre = "\n\n".join(out) + "\n\nCFG = ModelConfig(\n" + "\n".join(args) + "\n)\n"
    return Rendered(
        pre,
        lambda o, k: f"{o}.{_group(k)}.{k}",
        imports="from dataclasses import dataclass, field\n",
    )


def toml_string(vals, big, drop=None):
    lines = "\n".join(f"{k} = {_lit(v)}" for k, v in vals.items() if k != drop)
    pre = (
        f'RUN_TOML = """\n[run]\nname = "tiny"\n\n[model]\n{lines}\n"""\n'
        f"DEFAULTS = {_big(vals, big)!r}\n"
        'CFG = DEFAULTS | tomllib.loads(RUN_TOML)["model"]\n'
    )
    return Rendered(pre, _item, imports="import tomllib\n")


def chainmap(vals, big, drop=None):
    tiny = {k: v for k, v in vals.items() if k != drop}
    pre = f"DEFAULTS = {_big(vals, big)!r}\nRUN = {tiny!r}\nCFG = ChainMap(RUN, DEFAULTS)\n"
    return Rendered(pre, _item, imports="from collections import ChainMap\n")


def pydantic_model(vals, big, drop=None):
    fields = "\n".join(
        f"    {k}: {type(v).__name__} = {_lit(v)}" for k, v in _big(vals, big).items()
    )
    tiny = {k: v for k, v in vals.items() if k != drop}
    pre = f"class Hparams(BaseModel):\n{fields}\n\n\nCFG = Hparams.model_validate({tiny!r})\n"
    return Rendered(pre, _attr, imports="from pydantic import BaseModel\n")


def attrs_evolve(vals, big, drop=None):
    fields = "\n".join(
        f"    {k}: {type(v).__name__} = {_lit(v)}" for k, v in _big(vals, big).items()
    )
    kw = ", ".join(f"{k}={_lit(v)}" for k, v in vals.items() if k != drop)
    pre = f"@attrs.frozen\nclass Preset:\n{fields}\n\n\nCFG = attrs.evolve(Preset(), {kw})\n"
    return Rendered(pre, _attr, imports="import attrs\n")


PER_LAYER = ("heads", "kv_heads", "n_head", "inter", "n_inner", "experts", "top_k")


def per_layer_dicts(vals, big, drop=None):
    """A list of per-layer dicts (the layer count is its length); the model reads layer 0's."""
    lkey = next(k for k in ("layers", "n_layer") if k in vals)
    per = {k: v for k, v in vals.items() if k in PER_LAYER}
    shared = {k: v for k, v in vals.items() if k not in per and k != lkey}
    spec = ", ".join(f'"{k}": {_lit(v)}' for k, v in per.items())
    pre = (
        f"SHARED = {shared!r}\n"
        f"BLOCKS = [{{{spec}}} for _ in range({vals[lkey]})]\n"
        f"CFG = dict(SHARED, blocks=BLOCKS, {lkey}=len(BLOCKS))\n"
    )

    def acc(o, k):
        return f'{o}["blocks"][0]["{k}"]' if k in per else f'{o}["{k}"]'

    return Rendered(pre, acc)


def env_module_constants(vals, big, drop=None):
    """Module constants read from the environment with the tiny run's values as defaults."""
    lines = [
        f'{k.upper()} = {type(v).__name__}(os.getenv("TINY_{k.upper()}", {_lit(v)}))'
        for k, v in vals.items()
    ]
    kw = ", ".join(f"{k}={k.upper()}" for k in vals)
    pre = "\n".join(lines) + f"\nCFG = SimpleNamespace({kw})\n"
    return Rendered(pre, _attr, imports="import os\nfrom types import SimpleNamespace\n")


def env_argparse(vals, big, drop=None):
    """argparse defaults that fall back to environment variables (the tiny run's values)."""
    lines = [
        f'parser.add_argument("--{k}", type={type(v).__name__}, '
        f'default=os.environ.get("RUN_{k.upper()}", {_lit(v)}))'
        for k, v in vals.items()
    ]
    pre = (
        "parser = argparse.ArgumentParser()\n"
        + "\n".join(lines)
        + "\nCFG = parser.parse_args([])\n"
    )
    return Rendered(pre, _attr, imports="import argparse\nimport os\n")


STYLES: dict[str, Callable] = {
    f.__name__: f
    for f in (
        partial_dataclass,
        dotdict_nested,
        cli_overrides,
        yaml_nested_file,
        registry_subclass,
        post_init_derived,
        nested_dataclasses,
        toml_string,
        chainmap,
        pydantic_model,
        attrs_evolve,
        per_layer_dicts,
        env_module_constants,
        env_argparse,
    )
}
ENV_STYLES = ("env_module_constants", "env_argparse")
DROPPABLE = frozenset(
    (
        "partial_dataclass",
        "dotdict_nested",
        "cli_overrides",
        "yaml_nested_file",
        "registry_subclass",
        "nested_dataclasses",
        "toml_string",
        "chainmap",
        "pydantic_model",
        "attrs_evolve",
    )
)
