"""Shared helper of tests/test_source_coverage_*.py: one snippet, parsed statically and built
in real torch, must give the same parameter count."""

from __future__ import annotations

import importlib.util
import textwrap
from pathlib import Path
from typing import Any

from driftcheck.parsers.source import parse_source


def torch_count(path: Path, entry: str, *args: Any, **kwargs: Any) -> int:
    """Build ``entry`` from the snippet file in real torch (CPU) and count its parameters."""
    spec = importlib.util.spec_from_file_location(f"snippet_{path.stem}_{entry}", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    model = getattr(mod, entry)(*args, **kwargs)
    return sum(p.numel() for p in model.parameters())


def meta_build_count(path: Path) -> int:
    """Parameters of ``build()`` from a test's own model file, built on torch's meta device."""
    import torch

    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # our own test file: importing it is fine
    with torch.device("meta"):
        model = mod.build()
    return sum(x.numel() for x in model.parameters())


def same_as_torch(
    tmp_path: Path,
    code: str,
    entry: str,
    name: str = "snippet.py",
    config: dict[str, Any] | None = None,
    torch_args: tuple[Any, ...] = (),
):
    """Parse ``code`` statically rooted at ``entry`` (bound to ``config``); assert its count
    equals torch's for ``entry(*torch_args)``."""
    p = tmp_path / name
    p.write_text(textwrap.dedent(code))
    g = parse_source(p, entry=entry, config=config)
    want = torch_count(p, entry, *torch_args)
    assert g.params_total() == want, (g.params_total(), want, g.notes[:5])
    return g
