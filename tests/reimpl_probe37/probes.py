"""The reimplfix37 probe ports: 6 bodies x 14 styles, clean and planted (same contract as
``tests/reimpl_probe36/probes.py``; ``run.py`` runs driftcheck ``compare`` on them against the
HF config built by transformers' config class)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.reimpl_probe36.probes import write  # noqa: F401 - re-exported
from tests.reimpl_probe37.bodies import BODIES
from tests.reimpl_probe37.styles import DROPPABLE, ENV_STYLES, STYLES

MAIN_STYLES = [s for s in STYLES if s not in ENV_STYLES]
PLACE = re.compile(r"@((?:self\.)?c)\.(\w+)@")


def tiny(arch: str) -> dict:
    return {k: v for k, (_, v) in BODIES[arch].keys.items()}


def render(arch: str, style: str, vals: dict | None = None, drop: str | None = None) -> dict:
    body = BODIES[arch]
    vals = tiny(arch) if vals is None else vals
    r = STYLES[style](vals, body.big, drop)
    code = body.code.replace("#@CONFIG@\n", r.preamble)
    code = PLACE.sub(lambda m: r.acc(m.group(1), m.group(2)), code)
    code = code.replace("import math\n", "import math\n" + r.imports, 1)
    doc = f'"""reimplfix37 probe: {arch} with its sizes held as {style}."""\n\n'
    return {"model.py": doc + code, **r.files}


def plants(arch: str, style: str) -> list[dict]:
    """One size changed (code value ``right``, config value ``left``), or (droppable styles) the
    tiny run's own value taken out so the larger default shows through."""
    body = BODIES[arch]
    base = tiny(arch)
    out = []
    for k, v in body.plants.items():
        vals = dict(base)
        vals[k] = v
        out.append(dict(name=k, key=k, vals=vals, drop=None, left=base[k], right=v))
    if style in DROPPABLE:
        for k in ("heads", "n_head", "layers", "n_layer", "inter", "n_inner", "kv_heads"):
            if k in base and k in body.big and body.big[k] != base[k]:
                out.append(
                    dict(
                        name=f"drop_{k}",
                        key=k,
                        vals=dict(base),
                        drop=k,
                        left=base[k],
                        right=body.big[k],
                    )
                )
    return out


def hf_config_dict(arch: str) -> dict:
    body = BODIES[arch]
    return {hk: v for hk, v in body.keys.values()} | dict(body.hf_extra)


def hf_config(arch: str, dst: Path):
    import transformers

    body = BODIES[arch]
    cfg = getattr(transformers, body.hf_config)(**hf_config_dict(arch))
    cfg.architectures = [body.hf_model]
    dst.mkdir(parents=True, exist_ok=True)
    cfg.save_pretrained(dst)
    return cfg, dst / "config.json"
