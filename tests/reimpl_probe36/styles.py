"""How the reimplfix36 probe ports hold their sizes (one style a port), written for this probe.

A style renders the sizes (``vals``: body key -> value; ``big``: a larger preset's values)
into the code that builds ``CFG`` and says how a body reads one size off an object
(``acc(obj, key)``); some add files next to the code (``files``). A plant changes one value
in ``vals`` (``drop``: takes the tiny run's own line out, the larger default shows through)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Rendered:
    preamble: str
    acc: Callable[[str, str], str]
    files: dict[str, str] = field(default_factory=dict)
    imports: str = ""


def _attr(obj: str, key: str) -> str:
    return f"{obj}.{key}"


def _item(obj: str, key: str) -> str:
    return f'{obj}["{key}"]'


def _lit(v: object) -> str:
    return repr(v)


def _big(vals: dict, big: dict) -> dict:
    return {k: big.get(k, v) for k, v in vals.items()}


def class_inherit(vals, big, drop=None):
    base = "\n".join(f"    {k} = {_lit(v)}" for k, v in _big(vals, big).items())
    tiny = "\n".join(f"    {k} = {_lit(v)}" for k, v in vals.items() if k != drop)
    pre = (
        f"class BaseSizes:\n{base}\n\n\nclass TinySizes(BaseSizes):\n{tiny}\n\n\nCFG = TinySizes\n"
    )
    return Rendered(pre, _attr)


def nested_dict(vals, big, drop=None):
    emb = {k: v for k, v in vals.items() if k in ("vocab", "max_pos", "ctx", "type_vocab")}
    trunk = {k: v for k, v in vals.items() if k not in emb}
    where = {k: "embeddings" for k in emb} | {k: "trunk" for k in trunk}
    body = json.dumps({"model": {"embeddings": emb, "trunk": trunk}}, indent=4)
    pre = f"SETTINGS = {body}\nCFG = SETTINGS\n"
    return Rendered(pre, lambda o, k: f'{o}["model"]["{where[k]}"]["{k}"]')


def dataclass_json(vals, big, drop=None):
    fields = "\n".join(
        f"    {k}: {type(v).__name__} = {_lit(v)}" for k, v in _big(vals, big).items()
    )
    over = {k: v for k, v in vals.items() if k != drop}
    pre = (
        "@dataclass\nclass Sizes:\n"
        f"{fields}\n\n\n"
        "with open(os.path.join(os.path.dirname(__file__), 'sizes.json')) as fh:\n"
        "    CFG = Sizes(**json.load(fh))\n"
    )
    return Rendered(
        pre,
        _attr,
        {"sizes.json": json.dumps(over, indent=2) + "\n"},
        "import json\nimport os\nfrom dataclasses import dataclass\n",
    )


def yaml_file_pathlib(vals, big, drop=None):
    """A dict of defaults updated from a YAML file next to the script (``pathlib``)."""
    over = "".join(
        f"{k}: {f'{v:.2e}' if isinstance(v, float) else v}\n" for k, v in vals.items() if k != drop
    )
    pre = (
        f"DEFAULTS = {_big(vals, big)!r}\n"
        'RUN = yaml.safe_load((Path(__file__).parent / "run.yaml").read_text())\n'
        "CFG = dict(DEFAULTS)\n"
        'CFG.update(RUN["model"])\n'
    )
    text = "model:\n" + "".join(f"  {line}\n" for line in over.splitlines())
    return Rendered(pre, _item, {"run.yaml": text}, "from pathlib import Path\n\nimport yaml\n")


def argparse_defaults(vals, big, drop=None):
    lines = [
        f'parser.add_argument("--{k}", type={type(v).__name__}, default={_lit(v)})'
        for k, v in _big(vals, big).items()
    ]
    argv = []
    for k, v in vals.items():
        if k != drop:
            argv += [f"--{k}", str(v)]
    pre = (
        'parser = argparse.ArgumentParser("tiny run")\n'
        + "\n".join(lines)
        + f"\nCFG = parser.parse_args({argv!r})\n"
    )
    return Rendered(pre, _attr, imports="import argparse\n")


def kwargs_factory(vals, big, drop=None):
    defaults = json.dumps(_big(vals, big))
    kw = ", ".join(f"{k}={_lit(v)}" for k, v in vals.items() if k != drop)
    pre = (
        f"DEFAULTS = {defaults}\n\n\n"
        "def _finish(**kw):\n"
        "    merged = dict(DEFAULTS)\n"
        "    merged.update(kw)\n"
        "    return SimpleNamespace(**merged)\n\n\n"
        "def build_config(name, **overrides):\n"
        "    assert name == 'tiny'\n"
        "    return _finish(**overrides)\n\n\n"
        f"CFG = build_config('tiny', {kw})\n"
    )
    return Rendered(pre, _attr, imports="from types import SimpleNamespace\n")


def derived(vals, big, drop=None):
    """The width computed from heads x head size, the FFN from a multiplier where the body has
    one (both as the tiny run's arithmetic)."""
    base = dict(vals)
    lines = []
    wkey = next((k for k in ("hidden", "width", "d_model") if k in vals), None)
    hkey = "heads" if "heads" in vals else None
    fkey = next((k for k in ("ffn", "dff") if k in vals), None)
    out = ["CFG = {}"]
    for k, v in base.items():
        if k == wkey and hkey and vals[wkey] % vals[hkey] == 0:
            lines.append(f"HEAD_SIZE = {vals[wkey] // vals[hkey]}")
            out.append(f'CFG["{k}"] = CFG["{hkey}"] * HEAD_SIZE')
        elif k == fkey and wkey and vals[fkey] % vals[wkey] == 0:
            lines.append(f"FFN_MULT = {vals[fkey] // vals[wkey]}")
            out.append(f'CFG["{k}"] = FFN_MULT * CFG["{wkey}"]')
        elif k == fkey and wkey:
            lines.append(f"FFN_EXTRA = {vals[fkey] - vals[wkey]}")
            out.append(f'CFG["{k}"] = CFG["{wkey}"] + FFN_EXTRA')
        else:
            out.append(f'CFG["{k}"] = {_lit(v)}')
    # computed keys after the ones they use
    plain = [x for x in out if "HEAD_SIZE" not in x and "FFN_" not in x]
    computed = [x for x in out if x not in plain]
    computed.sort(key=lambda x: "FFN_" in x)
    pre = "\n".join(lines) + "\n" + "\n".join(plain + computed) + "\n"
    return Rendered(pre, _item)


def per_layer_lists(vals, big, drop=None):
    """Per-layer lists for the layer sizes (one entry a layer), read by a layer's index in the
    stack's own order; scalars for the rest."""
    n = vals.get("layers", 2)
    lists = {k for k in ("heads", "ffn", "dff") if k in vals}
    items = []
    for k, v in vals.items():
        items.append(f'    "{k}": {_lit([v] * n) if k in lists else _lit(v)},')
    pre = "CFG = {\n" + "\n".join(items) + "\n}\n"

    def acc(o, k):
        return f'{o}["{k}"][0]' if k in lists else f'{o}["{k}"]'

    return Rendered(pre, acc)


def registry(vals, big, drop=None):
    body = ", ".join(f"{k}={_lit(v)}" for k, v in vals.items() if k != drop)
    bigb = ", ".join(f"{k}={_lit(v)}" for k, v in _big(vals, big).items())
    pre = (
        "MODEL_CONFIGS = {}\n\n\n"
        "def register(name):\n"
        "    def wrap(fn):\n"
        "        MODEL_CONFIGS[name] = fn\n"
        "        return fn\n"
        "    return wrap\n\n\n"
        '@register("large")\n'
        f"def large():\n    return dict({bigb})\n\n\n"
        '@register("tiny")\n'
        f"def tiny():\n    cfg = large()\n    cfg.update(dict({body}))\n    return cfg\n\n\n"
        'CFG = MODEL_CONFIGS["tiny"]()\n'
    )
    return Rendered(pre, _item)


def namedtuple_replace(vals, big, drop=None):
    fields = "\n".join(
        f"    {k}: {type(v).__name__} = {_lit(v)}" for k, v in _big(vals, big).items()
    )
    kw = ", ".join(f"{k}={_lit(v)}" for k, v in vals.items() if k != drop)
    pre = f"class Hyper(NamedTuple):\n{fields}\n\n\nCFG = Hyper()._replace({kw})\n"
    return Rendered(pre, _attr, imports="from typing import NamedTuple\n")


def preset_table(vals, big, drop=None):
    tiny = {k: v for k, v in vals.items() if k != drop}
    large = _big(vals, big)
    pre = (
        "PRESETS = {\n"
        f'    "large": {large!r},\n'
        f'    "tiny": {tiny!r},\n'
        "}\n"
        'CFG = {**PRESETS["large"], **PRESETS["tiny"]}\n'
    )
    return Rendered(pre, _item)


def yaml_text(vals, big, drop=None):
    # floats as YAML 1.1 reads them (``1e-5`` without a dot is a string to PyYAML)
    lines = "\n".join(
        f"  {k}: {f'{v:.2e}' if isinstance(v, float) else v}" for k, v in vals.items() if k != drop
    )
    pre = (
        f'RAW = """\nmodel:\n{lines}\n"""\n'
        f"DEFAULTS = {_big(vals, big)!r}\n"
        'CFG = {**DEFAULTS, **yaml.safe_load(RAW)["model"]}\n'
    )
    return Rendered(pre, _item, imports="import yaml\n")


def env_defaults(vals, big, drop=None):
    lines = [
        f'    {k}={type(v).__name__}(os.environ.get("TINY_{k.upper()}", {_lit(v)!r})),'
        for k, v in vals.items()
    ]
    pre = "CFG = SimpleNamespace(\n" + "\n".join(lines) + "\n)\n"
    return Rendered(pre, _attr, imports="import os\nfrom types import SimpleNamespace\n")


def simple_namespace_update(vals, big, drop=None):
    first = {k: v for k, v in _big(vals, big).items()}
    tiny = {k: v for k, v in vals.items() if k != drop}
    pre = (
        f"CFG = SimpleNamespace(**{first!r})\n"
        f"for _k, _v in {tiny!r}.items():\n"
        "    setattr(CFG, _k, _v)\n"
    )
    return Rendered(pre, _attr, imports="from types import SimpleNamespace\n")


def property_class(vals, big, drop=None):
    """A config class whose __init__ takes the sizes, with a derived head size property."""
    args = ", ".join(f"{k}={_lit(v)}" for k, v in _big(vals, big).items())
    sets = "\n".join(f"        self.{k} = {k}" for k in vals)
    kw = ", ".join(f"{k}={_lit(v)}" for k, v in vals.items() if k != drop)
    pre = (
        "class ModelArgs:\n"
        f"    def __init__(self, {args}):\n{sets}\n\n"
        "    @property\n    def head_size(self):\n        return 0\n\n\n"
        f"CFG = ModelArgs({kw})\n"
    )
    return Rendered(pre, _attr)


def dict_get_defaults(vals, big, drop=None):
    """A flat dict read with ``.get(key, default)``: the larger preset's value as the default."""
    bigv = _big(vals, big)
    tiny = {k: v for k, v in vals.items() if k != drop}
    pre = f"CFG = {tiny!r}\n"
    return Rendered(pre, lambda o, k: f'{o}.get("{k}", {bigv[k]!r})')


def getattr_fallback(vals, big, drop=None):
    """An object read with ``getattr(obj, name, default)``."""
    bigv = _big(vals, big)
    kw = ", ".join(f"{k}={_lit(v)}" for k, v in vals.items() if k != drop)
    pre = f"CFG = SimpleNamespace({kw})\n"
    return Rendered(
        pre,
        lambda o, k: f'getattr({o}, "{k}", {bigv[k]!r})',
        imports="from types import SimpleNamespace\n",
    )


def classmethod_preset(vals, big, drop=None):
    """A config class with a ``from_preset`` classmethod over a table of keyword dicts."""
    args = ", ".join(f"{k}={_lit(v)}" for k, v in _big(vals, big).items())
    sets = "\n".join(f"        self.{k} = {k}" for k in vals)
    tiny = {k: v for k, v in vals.items() if k != drop}
    pre = (
        "class Settings:\n"
        f"    PRESETS = {{'tiny': {tiny!r}}}\n\n"
        f"    def __init__(self, {args}):\n{sets}\n\n"
        "    @classmethod\n"
        "    def from_preset(cls, name):\n"
        "        return cls(**cls.PRESETS[name])\n\n\n"
        'CFG = Settings.from_preset("tiny")\n'
    )
    return Rendered(pre, _attr)


def zip_keys(vals, big, drop=None):
    """Keys and values in two parallel lists, zipped into a dict."""
    keys = [k for k in vals if k != drop]
    pre = (
        f"KEYS = {keys!r}\n"
        f"VALUES = {[vals[k] for k in keys]!r}\n"
        f"CFG = {_big(vals, big)!r}\n"
        "CFG.update(dict(zip(KEYS, VALUES)))\n"
    )
    return Rendered(pre, _item)


STYLES: dict[str, Callable] = {
    f.__name__: f
    for f in (
        class_inherit,
        nested_dict,
        dataclass_json,
        yaml_file_pathlib,
        argparse_defaults,
        kwargs_factory,
        derived,
        per_layer_lists,
        registry,
        namedtuple_replace,
        preset_table,
        yaml_text,
        simple_namespace_update,
        property_class,
        dict_get_defaults,
        getattr_fallback,
        classmethod_preset,
        zip_keys,
        env_defaults,
    )
}
# styles whose plants can drop the tiny run's line (a larger default shows through)
DROPPABLE = frozenset(
    (
        "class_inherit",
        "dataclass_json",
        "yaml_file_pathlib",
        "argparse_defaults",
        "kwargs_factory",
        "registry",
        "namedtuple_replace",
        "preset_table",
        "yaml_text",
        "simple_namespace_update",
        "property_class",
        "dict_get_defaults",
        "getattr_fallback",
        "classmethod_preset",
        "zip_keys",
    )
)
