"""Find the model code and the local config in a repository, and say what was picked.

Used by ``driftcheck compare <repo dir> <config or hf:id>`` and the GitHub Action. It reads
files as text (cheap regexes over class headers, no imports, no execution) and ranks:

- code: files that define ``nn.Module`` subclasses, preferring ``modeling_*.py`` / ``model.py``
  / ``models/`` and files whose classes match the other side's ``architectures``;
- config: ``config.json`` files holding ``model_type`` or ``architectures`` (shallowest first),
  else config classes in code (``PretrainedConfig`` subclasses, ``@dataclass ...Config``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from driftcheck import safeio

SKIP_DIRS = {
    ".git",
    ".hg",
    ".venv",
    "venv",
    "env",
    "node_modules",
    "__pycache__",
    "build",
    "dist",
    "site-packages",
    ".tox",
    ".mypy_cache",
    ".ruff_cache",
    "tests",
    "test",
    "docs",
}
MAX_FILES = 5000
MAX_BYTES = 2 * 1024 * 1024

_CLASS = re.compile(r"^class\s+([A-Za-z_]\w*)\s*\(([^)]*)\)\s*:", re.MULTILINE)
_MODULE_BASES = re.compile(r"\b(nn\.Module|Module|PreTrainedModel|\w+PreTrainedModel|\w+Model)\b")
_CONFIG_BASES = re.compile(r"\b(PretrainedConfig|PreTrainedConfig)\b")
_DATACLASS_CONFIG = re.compile(r"@dataclass[^\n]*\n\s*class\s+(\w*Config\w*)\b")


@dataclass
class Discovery:
    root: Path
    code: Path | None = None
    entry: str | None = None
    config: Path | None = None
    config_class: str | None = None
    candidates: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        parts = [f"code: {self.code}" + (f"::{self.entry}" if self.entry else "")]
        if self.config:
            parts.append(f"config: {self.config}")
        elif self.config_class:
            parts.append(f"config class: {self.config_class}")
        return "picked " + "; ".join(parts)


def _files(root: Path, pattern: str) -> list[Path]:
    out: list[Path] = []
    stack = [root]
    while stack and len(out) < MAX_FILES:
        d = stack.pop()
        try:
            entries = sorted(d.iterdir())
        except OSError:
            continue
        for p in entries:
            if p.is_dir() and not p.is_symlink():
                if p.name not in SKIP_DIRS and not p.name.startswith("."):
                    stack.append(p)
            elif p.match(pattern) and safeio.is_regular(p):
                if not p.is_symlink() or safeio.inside(p, root):  # a symlink out of the
                    out.append(p)  # repository does not make its target the repository's
    return out


def _read(p: Path) -> str:
    return safeio.read_text_lenient(p, MAX_BYTES) or ""


def _score_code(p: Path, root: Path, text: str, wanted: set[str]) -> tuple[int, list[str]]:
    classes = [(name, bases) for name, bases in _CLASS.findall(text) if _MODULE_BASES.search(bases)]
    if not classes:
        return -1, []
    names = [n for n, _ in classes]
    score = len(classes)
    if p.name.startswith("modeling_") or p.stem in ("model", "models", "modeling", "network"):
        score += 20
    if "models" in p.relative_to(root).parts:
        score += 5
    if wanted & set(names):
        score += 100
    score -= 2 * len(p.relative_to(root).parts)
    return score, names


def discover(root: Path, architectures: list[str] | None = None) -> Discovery:
    """Pick the model code (and a local config, if any) in ``root``."""
    d = Discovery(root=root)
    wanted = set(architectures or [])
    best: tuple[int, Path, list[str]] | None = None
    for p in _files(root, "*.py"):
        text = _read(p)
        score, names = _score_code(p, root, text, wanted)
        if score < 0:
            if d.config_class is None:
                m = _DATACLASS_CONFIG.search(text)
                if m:
                    d.config_class = f"{p.relative_to(root)}::{m.group(1)}"
                for name, bases in _CLASS.findall(text):
                    if _CONFIG_BASES.search(bases):
                        d.config_class = f"{p.relative_to(root)}::{name}"
            continue
        d.candidates.append(p)
        if best is None or score > best[0]:
            best = (score, p, names)
    if best is not None:
        d.code = best[1]
        hit = [n for n in best[2] if n in wanted]
        if hit:
            d.entry = hit[0]
    configs = []
    for p in _files(root, "config.json"):
        try:
            data = json.loads(_read(p) or "null")
        except ValueError:
            continue
        if isinstance(data, dict) and ("model_type" in data or "architectures" in data):
            configs.append(p)
    if configs:
        d.config = min(configs, key=lambda p: (len(p.relative_to(root).parts), str(p)))
    if d.code is None:
        d.notes.append(f"no nn.Module subclass found under {root}")
    if len(d.candidates) > 1:
        d.notes.append(f"{len(d.candidates)} files define modules; picked the best-ranked one")
    return d
