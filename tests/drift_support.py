"""Shared harness for the tests that compare a small re-implementation with a transformers config
(issue #17: tests/test_drift15c.py, test_drift16a.py, test_drift16c.py, test_drift17*.py).

Each of those tests proves a rule twice: in torch (the code, built on the meta device, has the
parameter count or the sizes transformers' own model has for the same config), then statically
(``driftcheck``'s comparison of the code with the saved ``config.json`` says nothing of minor or
above on the clean pair, and one finding holding both values where one value differs). The
steps they all repeat live here so that every test states only its code, its config and its
claim.

Importing this module needs torch and transformers (the callers ``importorskip`` them first).
"""

from __future__ import annotations

import runpy
import textwrap
import warnings
from pathlib import Path
from typing import Any

import pytest

from driftcheck.drift import drift, load_sides


def write(tmp_path: Path, name: str, code: str) -> Path:
    """Write ``code`` (dedented, so tests can indent their snippets) to ``tmp_path/name``."""
    path = tmp_path / name
    path.write_text(textwrap.dedent(code))
    return path


def config(tmp_path: Path, name: str, cls: str, **kw: Any) -> tuple[Any, Path]:
    """Build transformers' config class ``cls`` with ``kw`` and save it as the user would
    (``save_pretrained``), so the file holds every default the class writes, not only ``kw``.
    Skips where this transformers has no such class (a model newer than the install)."""
    import transformers

    if not hasattr(transformers, cls):
        pytest.skip(f"transformers {transformers.__version__} has no {cls}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cfg = getattr(transformers, cls)(**kw)
    out = tmp_path / name
    cfg.save_pretrained(out)
    return cfg, out / "config.json"


def count(model: Any) -> int:
    """Parameters of a torch module, a tied tensor once (as ``params_total`` counts them)."""
    return sum(p.numel() for p in {id(p): p for p in model.parameters()}.values())


def torch_pair(code: Path, cfg: Any, auto: str = "AutoModelForCausalLM") -> tuple[Any, Any]:
    """The code's ``M()`` and transformers' ``auto`` model for ``cfg``, both on the meta device
    (ground truth for the sizes a test claims, at no memory cost)."""
    import torch
    import transformers

    with torch.device("meta"):
        mine = runpy.run_path(str(code), run_name="__drift_support__")["M"]()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            hf = getattr(transformers, auto).from_config(cfg)
    return mine, hf


def run(code: Path, cfg: Path) -> list:
    """``driftcheck compare code cfg``'s findings of severity minor or above (what issue #17
    counts: a clean pair must give none)."""
    fs = drift(load_sides(str(code), str(cfg)), str(code), str(cfg))
    return [f for f in fs if f.severity.rank >= 1]


def holds(f: Any, a: Any, b: Any) -> bool:
    """The finding ``f`` holds both values (the config's and the code's), in either order."""
    vals = {repr(v) for v in (f.values or {}).values()}
    return repr(a) in vals and repr(b) in vals


def one(found: list, a: Any, b: Any) -> Any:
    """Exactly one finding, whose two sides are ``a`` and ``b`` (in either order)."""
    assert len(found) == 1, [f.message for f in found]
    assert {found[0].values["left"], found[0].values["right"]} == {a, b}, found[0].message
    return found[0]


# ---------------------------------------------------------------- the drift24b / drift25* style
# (tests/test_drift24b.py, test_drift25.py, test_drift25b.py): any class of the code file, a
# transformers model class or Auto class, and findings whose left side is the code's value


def mine(code: Path, cls: str) -> Any:
    """The code file's class ``cls`` built on the meta device (no arguments)."""
    import torch

    with torch.device("meta"):
        return runpy.run_path(str(code), run_name="__drift_support__")[cls]()


def hf_model(cfg: Any, name: str) -> Any:
    """transformers' ``name`` for ``cfg`` on the meta device: an ``Auto*`` class through
    ``from_config``, a model class called with the config."""
    import torch
    import transformers

    kind = getattr(transformers, name)
    with torch.device("meta"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return kind.from_config(cfg) if name.startswith("Auto") else kind(cfg)


def holds_value(v: Any, want: Any) -> bool:
    """``v`` is ``want`` (same type), or a list / tuple holding it at any depth."""
    if v == want and type(v) is type(want):
        return True
    if isinstance(v, (list, tuple)):
        return any(holds_value(x, want) for x in v)
    return False


def one_sided(found: list, code_value: Any, config_value: Any) -> Any:
    """Exactly one finding, the code's value on its left and the config's on its right."""
    assert len(found) == 1, [f.message for f in found]
    f = found[0]
    assert holds_value(f.values["left"], code_value), f.message
    assert holds_value(f.values["right"], config_value), f.message
    return f
