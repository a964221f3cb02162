"""The reimplfix36 probe ports: 12 bodies x the styles that hold their sizes, clean and planted.

``probes()`` lists (arch, style) pairs (every architecture in several styles, every style in
several architectures); ``render`` writes one port's files; ``plants`` lists one port's planted
variants (one size changed in the style's holder, or the tiny run's line taken out so a larger
default shows through), each with the code's value and the config's. ``run.py`` runs driftcheck
``compare`` on them against the HF config (transformers' config class, ``save_pretrained``)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.reimpl_probe36.bodies import BODIES, HEAD
from tests.reimpl_probe36.styles import DROPPABLE, STYLES

PER_ARCH = 4
MAIN_STYLES = [s for s in STYLES if s != "env_defaults"]
PLACE = re.compile(r"@((?:self\.)?c)\.(\w+)@")


def probes() -> list[tuple[str, str]]:
    out = []
    archs = list(BODIES)
    n = len(MAIN_STYLES)
    for i, arch in enumerate(archs):
        for j in range(PER_ARCH):
            out.append((arch, MAIN_STYLES[(i * PER_ARCH + j) % n]))
    return out


def tiny(arch: str) -> dict:
    return {k: v for k, (_, v) in BODIES[arch].keys.items()}


def render(arch: str, style: str, vals: dict | None = None, drop: str | None = None) -> dict:
    body = BODIES[arch]
    vals = tiny(arch) if vals is None else vals
    r = STYLES[style](vals, body.big, drop)
    code = body.code.replace("#@CONFIG@\n", r.preamble)
    code = PLACE.sub(lambda m: r.acc(m.group(1), m.group(2)), code)
    code = code.replace(HEAD, HEAD.replace("import math\n", "import math\n" + r.imports), 1)
    doc = f'"""reimplfix36 probe: {arch} with its sizes held as {style}."""\n\n'
    return {"model.py": doc + code, **r.files}


def plants(arch: str, style: str) -> list[dict]:
    """One size changed (code value ``right``, config value ``left``, as the manifests)."""
    body = BODIES[arch]
    base = tiny(arch)
    out = []
    for k, v in body.plants.items():
        vals = dict(base)
        vals[k] = v
        out.append(dict(name=f"{k}", key=k, vals=vals, drop=None, left=base[k], right=v))
    if style in DROPPABLE:
        for k in ("heads", "layers", "ffn", "dff"):
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


def write(dst: Path, files: dict) -> Path:
    dst.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (dst / name).write_text(text)
    return dst / "model.py"


def hf_config(arch: str, dst: Path):
    """The HF config (transformers; tests and run.py only) saved under ``dst``."""
    import transformers

    body = BODIES[arch]
    cfg = getattr(transformers, body.hf_config)(**hf_config_dict(arch))
    cfg.architectures = [body.hf_model]
    dst.mkdir(parents=True, exist_ok=True)
    cfg.save_pretrained(dst)
    return cfg, dst / "config.json"
