"""The compare path reads each config file once and parses each source file once per run.

Counted on the real entry points, wrapped (never mocked): every file ``open`` (``io.open``, which
``builtins.open`` and ``pathlib`` reads go through, and ``os.open``, which ``driftcheck.safeio``
uses) and every ``ast.parse`` of a file's text,
over one in-process ``driftcheck compare`` run with every cache off (so nothing is skipped
because an earlier run stored it). The inputs are fresh copies, so no in-process AST cache
holds them either.
"""

from __future__ import annotations

import ast
import builtins
import collections
import hashlib
import io
import json
import os
import shutil
from pathlib import Path

import pytest

from driftcheck.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


class Counter:
    def __init__(self) -> None:
        self.opens: collections.Counter[str] = collections.Counter()
        self.parses: collections.Counter[tuple[str, str]] = collections.Counter()
        self.texts: dict[str, str] = {}

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        real_open, real_parse = io.open, ast.parse

        def counting_open(file, *args, **kwargs):
            if isinstance(file, (str, os.PathLike)):
                self.opens[str(Path(os.fspath(file)).resolve())] += 1
            return real_open(file, *args, **kwargs)

        def counting_parse(source, filename="<unknown>", *args, **kwargs):
            if isinstance(source, (str, bytes)):
                raw = source.encode() if isinstance(source, str) else source
                digest = hashlib.blake2b(raw, digest_size=16).hexdigest()
                self.parses[(digest, str(filename))] += 1
                self.texts.setdefault(digest, raw[:80].decode(errors="replace"))
            return real_parse(source, filename, *args, **kwargs)

        real_os_open = os.open

        def counting_os_open(file, *args, **kwargs):  # driftcheck.safeio opens with os.open
            if isinstance(file, (str, os.PathLike)):
                self.opens[str(Path(os.fspath(file)).resolve())] += 1
            return real_os_open(file, *args, **kwargs)

        monkeypatch.setattr(os, "open", counting_os_open)
        monkeypatch.setattr(io, "open", counting_open)
        monkeypatch.setattr(builtins, "open", counting_open)
        monkeypatch.setattr(ast, "parse", counting_parse)

    def parses_of(self, text: str) -> int:
        digest = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
        return sum(n for (d, _), n in self.parses.items() if d == digest)


def _run(monkeypatch, tmp_path, left: Path, right: Path) -> tuple[Counter, dict]:
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    out = tmp_path / "report.json"
    counter = Counter()
    counter.install(monkeypatch)
    rc = main(["compare", str(left), str(right), "--format", "json", "-o", str(out)])
    monkeypatch.undo()
    return counter, {"rc": rc, "report": json.loads(out.read_text())}


def _copy(src: Path, dst_dir: Path) -> Path:
    dst_dir.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy(src, dst_dir / src.name))


def test_code_against_config_reads_config_once_and_parses_code_once(monkeypatch, tmp_path):
    cfg = _copy(EXAMPLES / "drift" / "bert-base-uncased.config.json", tmp_path / "in")
    code = _copy(EXAMPLES / "drift" / "tiny_encoder.py", tmp_path / "in")
    counter, got = _run(monkeypatch, tmp_path, cfg, code)
    assert got["rc"] == 1 and got["report"]["summary"]["total"] == 2  # the README's drift
    assert counter.opens[str(cfg.resolve())] == 1
    assert counter.parses_of(code.read_text()) == 1
    # the transformers modeling files the run analyzes (config side, reference facts, the fork
    # comparison) are parsed at most once each (none, when an earlier test in this process
    # already holds their syntax trees)
    modeling = {
        d: n for (d, name), n in counter.parses.items() if Path(name).name.startswith("modeling_")
    }
    assert max(modeling.values(), default=0) <= 1, {
        counter.texts[d]: n for d, n in modeling.items()
    }


def test_config_against_manifest_reads_config_once(monkeypatch, tmp_path):
    """The serving rules take the config as written from the run's one read (vLLM's derived
    maximum length needs the raw keys), not from a second read of the file."""
    cfg = _copy(EXAMPLES / "serving" / "config.json", tmp_path / "in")
    served = _copy(EXAMPLES / "serving" / "vllm-serve.sh", tmp_path / "in")
    counter, got = _run(monkeypatch, tmp_path, cfg, served)
    assert "SRV001" in {f["check_id"] for f in got["report"]["findings"]}
    assert counter.opens[str(cfg.resolve())] == 1
    assert counter.opens[str(served.resolve())] == 1


class Interpretations:
    """Every interpretation of a class by the source parser (``parse_source``, the one entry
    every route takes: the code side, the config side, the fork comparison), by (file, class)."""

    def __init__(self) -> None:
        self.calls: collections.Counter[tuple[str, str | None]] = collections.Counter()

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import driftcheck.parsers.source as source

        real = source.parse_source

        def counting(path, *args, **kwargs):
            self.calls[(str(Path(path).resolve()), kwargs.get("entry"))] += 1
            return real(path, *args, **kwargs)

        monkeypatch.setattr(source, "parse_source", counting)


@pytest.mark.parametrize(
    "left,right,classes",
    [
        # the README's example: code that is no transformers class meets BertModel and the
        # config's architectures class; each is interpreted once (was: BertModel three times)
        ("drift/bert-base-uncased.config.json", "drift/tiny_encoder.py", 2),
    ],
)
def test_config_side_is_interpreted_once_per_class(monkeypatch, tmp_path, left, right, classes):
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    counted = Interpretations()
    counted.install(monkeypatch)
    out = tmp_path / "report.json"
    rc = main(["compare", str(EXAMPLES / left), str(EXAMPLES / right), "--format", "json",
               "-o", str(out)])  # fmt: skip
    monkeypatch.undo()
    assert rc == 1 and json.loads(out.read_text())["summary"]["total"] == 2
    modeling = {k: n for k, n in counted.calls.items() if Path(k[0]).name.startswith("modeling_")}
    assert len(modeling) == classes, modeling
    assert set(modeling.values()) == {1}, modeling


OWN_LLAMA = """import torch
from torch import nn


class LlamaModel(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.embed_tokens = nn.Embedding(config.vocab_size, config.hidden_size)
        self.layers = nn.ModuleList(
            [nn.Linear(config.hidden_size, 96) for _ in range(config.num_hidden_layers)]
        )

    def forward(self, x):
        return self.embed_tokens(x)
"""


def test_code_naming_a_transformers_class_interprets_each_side_once(monkeypatch, tmp_path):
    """Code defining the class the config names (LlamaModel) against that config: the code
    once, transformers' LlamaModel once (graph and reference facts from one interpretation,
    was twice)."""
    from driftcheck.parsers import hf_registry as reg

    src = reg.find_class("LlamaModel", "modeling", "llama")
    code = tmp_path / "in" / "model.py"
    code.parent.mkdir()
    code.write_text(OWN_LLAMA)
    cfg = tmp_path / "in" / "config.json"
    cfg.write_text(json.dumps({
        "model_type": "llama", "hidden_size": 32, "intermediate_size": 64,
        "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2,
        "vocab_size": 128, "architectures": ["LlamaModel"],
    }))  # fmt: skip
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    counted = Interpretations()
    counted.install(monkeypatch)
    out = tmp_path / "report.json"
    rc = main(["compare", str(code), str(cfg), "--format", "json", "-o", str(out)])
    monkeypatch.undo()
    assert rc == 1  # a different model: findings
    assert counted.calls[(str(code.resolve()), "LlamaModel")] == 1, counted.calls
    assert counted.calls[(str(Path(src).resolve()), "LlamaModel")] == 1, counted.calls
    assert sum(counted.calls.values()) == 2, counted.calls
