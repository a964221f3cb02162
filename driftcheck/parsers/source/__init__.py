"""Static PyTorch source parser: model code -> typed layer graph, without running the code.

``parse_source(path, entry=None, config=None)`` reads a ``.py`` file or a package directory,
picks the root ``nn.Module`` class (or ``entry``), instantiates it *abstractly* -- its
``__init__`` is interpreted with the supplied config dict (or the config class's defaults,
found statically) -- and turns the resulting module tree into a ``Graph`` with file:line on
every node, config keys on dimensions, repeat-compacted blocks, tied weights, model-level
facts and forward-pass edges. See docs/parser.md.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import TYPE_CHECKING, Any

from driftcheck.errors import DriftcheckError
from driftcheck.graph.model import Graph, Origin

if TYPE_CHECKING:
    from driftcheck.speed import Speed

MAX_FILES = 400


def parse_source(
    path: str | Path,
    entry: str | None = None,
    config: dict[str, Any] | None = None,
    config_path: str | None = None,
    speed: Speed | None = None,
) -> Graph:
    """Build the typed graph of the model defined in ``path`` (a file or a directory).

    ``speed``: the speed layer the analysis is given (``driftcheck/speed.py``; the one in
    force when None). A config whose numbers carry a template trace (``symbolic.symbolize``)
    is interpreted under that trace."""
    from driftcheck.parsers.source.analyze import analyze
    from driftcheck.parsers.source.speed.gcpause import cycle_gc_paused
    from driftcheck.speed import current, use

    p = Path(path)
    if not p.exists():
        raise DriftcheckError("no such file or directory", str(path))
    if config is not None and not isinstance(config, dict):
        raise DriftcheckError("config must be a JSON object", config_path or "<config>")
    sp = speed or current()
    try:
        # full collections rescanned every cached tree (gcpause.py)
        with use(sp), cycle_gc_paused(sp.gc_pause):
            return analyze(p, entry, config, config_path, sp)
    except RecursionError:
        raise DriftcheckError("code nested too deeply to analyze", str(path)) from None
    except MemoryError:
        raise DriftcheckError("out of memory analyzing this code", str(path)) from None


def source_files(p: Path) -> list[Path]:
    """The .py files to analyze: the file itself, or every .py file under a directory."""
    if p.is_file():
        return [p]
    out: list[Path] = []
    for f in sorted(p.rglob("*.py")):
        if any(
            part.startswith((".", "__pycache__")) or part in ("venv", "site-packages")
            for part in f.relative_to(p).parts
        ):
            continue
        out.append(f)
        if len(out) > MAX_FILES:
            raise DriftcheckError(
                f"more than {MAX_FILES} Python files; point at one file or a smaller package",
                str(p),
            )
    if not out:
        raise DriftcheckError("no Python files found", str(p))
    return out


__all__ = ["parse_source", "source_files", "Graph", "Origin", "ast"]
