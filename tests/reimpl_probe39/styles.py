"""Config-source styles of the reimplfix39a clean-port hunt (written for this probe): where a
port's sizes come from, over the reimplfix38 bodies (``tests/reimpl_probe38/bodies.py``).

A style maps the tiny values to (preamble, accessor) as the reimplfix38 styles do; the
preamble defines the names, the accessor is what the body's ``@key@`` placeholder becomes."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from tests.reimpl_probe38.bodies import BODIES as BODIES38
from tests.reimpl_probe39.bodies import BODIES39

BODIES = {**BODIES38, **BODIES39}


def _toml(v) -> str:
    return repr(v) if not isinstance(v, float) else f"{v:e}"


def hf_subclass(vals: dict) -> tuple[str, Callable[[str], str]]:
    """A ``PretrainedConfig`` subclass with keyword defaults, instantiated bare."""
    args = ", ".join(f"{k}={v!r}" for k, v in vals.items())
    sets = "\n".join(f"        self.{k} = {k}" for k in vals)
    pre = (
        "class ProbeConfig(PretrainedConfig):\n"
        '    model_type = "probe39"\n\n'
        f"    def __init__(self, {args}, **kwargs):\n"
        f"{sets}\n"
        "        super().__init__(**kwargs)\n\n\n"
        "CFG = ProbeConfig()\n"
    )
    return pre, lambda k: f"CFG.{k}"


def toml_text(vals: dict) -> tuple[str, Callable[[str], str]]:
    """A TOML document in the file, read by ``tomllib.loads``, a ``[model]`` table."""
    body = "\n".join(f"{k} = {_toml(v)}" for k, v in vals.items())
    pre = f'CFG = tomllib.loads("""\n[model]\n{body}\n""")["model"]\n'
    return pre, lambda k: f"CFG[{k!r}]"


def kwargs_function(vals: dict) -> tuple[str, Callable[[str], str]]:
    """A settings function whose keyword defaults are the sizes, returning them as a dict."""
    args = ", ".join(f"{k}={v!r}" for k, v in vals.items())
    pre = f"def settings(*, {args}):\n    return dict(locals())\n\n\nCFG = settings()\n"
    return pre, lambda k: f"CFG[{k!r}]"


def partial_settings(vals: dict) -> tuple[str, Callable[[str], str]]:
    """``functools.partial`` of a ``SimpleNamespace`` carrying the sizes, called later."""
    args = ", ".join(f"{k}={v!r}" for k, v in vals.items())
    pre = f"make_settings = partial(SimpleNamespace, {args})\nCFG = make_settings()\n"
    return pre, lambda k: f"CFG.{k}"


def ini_text(vals: dict) -> tuple[str, Callable[[str], str]]:
    """An INI document read by ``configparser``, each size by ``getint`` / ``getfloat``."""
    body = "\n".join(f"{k} = {v}" for k, v in vals.items())
    pre = f'CP = configparser.ConfigParser()\nCP.read_string("""\n[model]\n{body}\n""")\n'
    kinds = {k: "getfloat" if isinstance(v, float) else "getint" for k, v in vals.items()}
    return pre, lambda k: f"CP[{'model'!r}].{kinds[k]}({k!r})"


def int_enum(vals: dict) -> tuple[str, Callable[[str], str]]:
    """Integer sizes as ``IntEnum`` members, the epsilon a module constant."""
    members = "\n".join(f"    {k.upper()} = {v!r}" for k, v in vals.items() if type(v) is int)
    pre = f"class Size(IntEnum):\n{members}\n\n\n"
    pre += "".join(f"{k.upper()} = {v!r}\n" for k, v in vals.items() if type(v) is not int)
    return pre, lambda k: f"Size.{k.upper()}" if type(vals[k]) is int else k.upper()


STYLES = {
    f.__name__: f
    for f in (hf_subclass, toml_text, kwargs_function, partial_settings, ini_text, int_enum)
}
IMPORTS = {
    "hf_subclass": "from transformers import PretrainedConfig\n",
    "toml_text": "import tomllib\n",
    "partial_settings": "from functools import partial\nfrom types import SimpleNamespace\n",
    "ini_text": "import configparser\n",
    "int_enum": "from enum import IntEnum\n",
}
PLACE = re.compile(r"@(\w+)@")
# code plants per body: heads, KV heads, layers, MLP width, vocabulary (each real in torch)
PLANTS = {
    "llama": {"heads": 8, "kv_heads": 4, "layers": 3, "inter": 128, "vocab": 384},
    "bert": {"layers": 3, "inter": 192, "vocab": 448},
    "llama_partial": {"heads": 8, "kv_heads": 4, "layers": 3, "inter": 128, "vocab": 384},
    "bert_mha": {"layers": 3, "inter": 192, "vocab": 448},
    "gpt2": {"layers": 3, "inner": 192, "vocab": 416},
}


def tiny(arch: str) -> dict:
    return {k: v for k, (_, v) in BODIES[arch].keys.items()}


def render(arch: str, style: str, vals: dict | None = None) -> str:
    vals = tiny(arch) if vals is None else vals
    pre, acc = STYLES[style](vals)
    code = BODIES[arch].code.replace("#@CONFIG@\n", pre)
    code = PLACE.sub(lambda m: acc(m.group(1)), code)
    code = code.replace("import math\n", "import math\n" + IMPORTS.get(style, ""), 1)
    return f'"""reimplfix39a probe: {arch} sized by {style}."""\n\n' + code


def plants(arch: str) -> list[dict]:
    base = tiny(arch)
    out = [
        dict(name=k, where="code", key=k, vals={**base, k: v}, code=v, config=base[k])
        for k, v in PLANTS[arch].items()
    ]
    k = "layers"
    v = PLANTS[arch][k]
    out.append(dict(name=f"cfg_{k}", where="config", key=k, vals=base, code=base[k], config=v))
    return out


def write(dst: Path, text: str) -> Path:
    dst.mkdir(parents=True, exist_ok=True)
    path = dst / "model.py"
    path.write_text(text)
    return path


def hf_config(arch: str, dst: Path, vals: dict | None = None):
    """The HF config of ``arch``'s body with ``vals`` (the tiny values by default)."""
    import transformers

    body = BODIES[arch]
    vals = tiny(arch) if vals is None else vals
    kw = {hk: vals[k] for k, (hk, _) in body.keys.items()} | dict(body.hf_extra)
    cfg = getattr(transformers, body.hf_config)(**kw)
    cfg.architectures = [body.hf_model]
    dst.mkdir(parents=True, exist_ok=True)
    cfg.save_pretrained(dst)
    return cfg, dst / "config.json"
