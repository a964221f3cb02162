"""The reimplfix38 env-configured probe ports: 3 bodies x 9 env styles, clean and planted.

A code plant changes one default in the code (the config keeps the tiny value); a config plant
changes one value in the config (the code keeps its defaults). Either way the env-default pass
of ``compare`` should report a finding holding the code's default and the config's value."""

from __future__ import annotations

import re
from pathlib import Path

from tests.reimpl_probe38.bodies import BODIES
from tests.reimpl_probe38.styles import IMPORTS, STYLES

PLACE = re.compile(r"@(\w+)@")


def tiny(arch: str) -> dict:
    return {k: v for k, (_, v) in BODIES[arch].keys.items()}


def render(arch: str, style: str, vals: dict | None = None) -> str:
    body = BODIES[arch]
    vals = tiny(arch) if vals is None else vals
    pre, acc = STYLES[style](vals)
    code = body.code.replace("#@CONFIG@\n", pre)
    code = PLACE.sub(lambda m: acc(m.group(1)), code)
    code = code.replace("import math\n", "import math\nimport os\n" + IMPORTS.get(style, ""), 1)
    return f'"""reimplfix38 probe: {arch} sized by the environment ({style})."""\n\n' + code


def plants(arch: str) -> list[dict]:
    """Code plants (``where='code'``) and config plants (``where='config'``), each with the
    code's value (``code``) and the config's (``config``)."""
    body = BODIES[arch]
    base = tiny(arch)
    out = []
    for k, v in body.plants.items():
        out.append(dict(name=k, where="code", key=k, vals={**base, k: v}, code=v, config=base[k]))
    for k, v in list(body.plants.items())[:3]:
        out.append(dict(name=f"cfg_{k}", where="config", key=k, vals=base, code=base[k], config=v))
    return out


def hf_config_dict(arch: str, vals: dict | None = None) -> dict:
    body = BODIES[arch]
    vals = tiny(arch) if vals is None else vals
    return {hk: vals[k] for k, (hk, _) in body.keys.items()} | dict(body.hf_extra)


def hf_config(arch: str, dst: Path, vals: dict | None = None):
    import transformers

    body = BODIES[arch]
    cfg = getattr(transformers, body.hf_config)(**hf_config_dict(arch, vals))
    cfg.architectures = [body.hf_model]
    dst.mkdir(parents=True, exist_ok=True)
    cfg.save_pretrained(dst)
    return cfg, dst / "config.json"


def write(dst: Path, text: str) -> Path:
    dst.mkdir(parents=True, exist_ok=True)
    path = dst / "model.py"
    path.write_text(text)
    return path
