"""Every arrow into the graph: ``load(source)`` picks the parser for a source.

Sources: graph JSON (``*.json`` with ``schema_version``), Python files / packages
(``model.py``, ``model.py::ClassName``, a directory of code), HF configs (``config.json``,
a model directory, ``hf:<repo>[@rev]``) and serving artifacts (vLLM / TGI / KServe / Triton /
TorchServe / Ollama manifests, GGUF, safetensors, ONNX). Each parser module is imported only
when its kind of source is loaded.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from driftcheck import safeio
from driftcheck.errors import DriftcheckError
from driftcheck.graph.model import Graph

MAX_JSON_BYTES = 64 * 1024 * 1024

SERVING_SUFFIXES = {".gguf", ".safetensors", ".onnx", ".pbtxt", ".yaml", ".yml", ".env", ".sh"}
SERVING_SUFFIXES |= {".txt"}  # a text file holding a `vllm serve ...` command line


def read_text(path: Path, limit: int = MAX_JSON_BYTES) -> str:
    """Read a text input with a size cap (``safeio``: regular files only, bounded read);
    errors become one-line DriftcheckErrors."""
    return safeio.read_text(path, limit)


def read_json(path: Path) -> Any:
    return parse_json(read_text(path), str(path))


def parse_json(text: str, where: str) -> Any:
    """JSON text to data; errors become one-line DriftcheckErrors naming ``where``."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise DriftcheckError(
            f"invalid JSON: {e.msg} (line {e.lineno}, column {e.colno})", where
        ) from None
    except RecursionError:
        raise DriftcheckError("JSON nested too deeply", where) from None
    except ValueError as e:  # an integer past Python's int <-> str limit (4,300 digits)
        raise DriftcheckError(f"invalid JSON: {str(e).split(';')[0]}", where) from None


class Reads:
    """One run's file reads: each file's text is read once and its JSON parsed once, whoever
    asks (the kind of a source, the config loader, the serving rules). ``driftcheck compare``
    gives one to everything that loads its two sides; a caller without one reads afresh."""

    def __init__(self) -> None:
        self._text: dict[str, str] = {}
        self._json: dict[str, Any] = {}

    def text(self, path: Path) -> str:
        key = str(Path(path).resolve())
        if key not in self._text:
            self._text[key] = read_text(Path(path))
        return self._text[key]

    def json(self, path: Path) -> Any:
        key = str(Path(path).resolve())
        if key not in self._json:
            self._json[key] = parse_json(self.text(path), str(path))
        return self._json[key]


def _json_of(path: Path, reads: Reads | None) -> Any:
    return reads.json(path) if reads is not None else read_json(path)


def _has_python(root: Path, depth: int = 3, budget: int = 2000) -> bool:
    """Any .py file within ``depth`` levels (a repo with code in src/ is code, not a model dir)."""
    level = [root]
    for _ in range(depth):
        nxt = []
        for d in level:
            try:
                entries = list(d.iterdir())
            except OSError:
                continue
            for p in entries[:budget]:
                if p.suffix == ".py" and p.is_file():
                    return True
                if p.is_dir() and not p.name.startswith(".") and not p.is_symlink():
                    nxt.append(p)
        level = nxt[:budget]
    return False


def split_entry(source: str) -> tuple[str, str | None]:
    """``model.py::ClassName`` -> (``model.py``, ``ClassName``)."""
    if "::" in source:
        path, _, entry = source.partition("::")
        return path, entry or None
    return source, None


def kind_of(source: str, reads: Reads | None = None) -> str:
    """graph | source | config | hub | manifest: what kind of source this is."""
    if source.startswith("hf:"):
        return "hub"
    path_str, _ = split_entry(source)
    path = Path(path_str)
    try:
        st = path.stat()
    except OSError as e:  # missing, a name too long, a symlink loop, no permission
        why = "no such file or directory" if isinstance(e, FileNotFoundError) else e.strerror
        raise DriftcheckError(why or f"cannot read ({type(e).__name__})", path_str) from None
    if not stat.S_ISDIR(st.st_mode):
        safeio.check_regular(path)  # a named pipe or a device is refused before any read
    if stat.S_ISDIR(st.st_mode):
        if (path / "config.json").is_file() and not _has_python(path):
            return "config"
        return "source"
    suffix = path.suffix.lower()
    if suffix == ".py":
        return "source"
    if suffix == ".json":
        if path.name.endswith(".safetensors.index.json"):
            return "manifest"
        data = _json_of(path, reads)
        if isinstance(data, dict) and "schema_version" in data and "nodes" in data:
            return "graph"
        if isinstance(data, dict) and "weight_map" in data:
            return "manifest"
        return "config"
    if (
        suffix in SERVING_SUFFIXES
        or path.name in ("Modelfile", ".env")
        or path.name.startswith("Modelfile")
    ):
        return "manifest"
    raise DriftcheckError(
        "unknown kind of source (expected .py, .json, a directory, hf:<id>, or a serving manifest)",
        path_str,
    )


def load(
    source: str,
    *,
    entry: str | None = None,
    config: str | None = None,
    exact: bool = False,
    trust_remote_code: bool = False,
    kind: str | None = None,
    reads: Reads | None = None,
) -> Graph:
    """Build the typed graph of ``source``. Raises DriftcheckError on bad input."""
    kind = kind or kind_of(source, reads)
    if kind == "graph":
        path = Path(source)
        if reads is not None:
            return Graph.from_data(reads.json(path), where=str(path))
        return Graph.from_json(read_text(path), where=str(path))
    if kind == "source":
        from driftcheck.parsers.source import parse_source

        path, inline_entry = split_entry(source)
        cfg = None
        if config is not None:
            data = _json_of(Path(config), reads)
            if not isinstance(data, dict):
                raise DriftcheckError("config must be a JSON object", config)
            cfg = data
        return parse_source(path, entry=entry or inline_entry, config=cfg, config_path=config)
    if kind in ("config", "hub"):
        from driftcheck.parsers.hf import load_config_graph

        return load_config_graph(
            source, exact=exact, trust_remote_code=trust_remote_code, entry=entry, reads=reads
        )
    if kind == "manifest":
        from driftcheck.parsers.serving import load_manifest

        return load_manifest(source)
    raise DriftcheckError(f"unknown source kind {kind!r}", source)


def env_offline() -> bool:
    return os.environ.get("HF_HUB_OFFLINE", "").lower() in ("1", "true", "yes", "on")
