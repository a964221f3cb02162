"""Triton ``config.pbtxt``: a small tokenizer for the protobuf text-format subset it uses.

``google.protobuf.text_format`` needs the ``ModelConfig`` descriptor (model_config.proto), which
ships with tritonclient, not here; so this reads the generic text format (``name: value``,
``name { ... }``, ``name: [ a, b ]``, ``#`` comments) into nested dicts of lists, with a depth
and size cap, and takes what matters for drift from it: ``parameters`` (TensorRT-LLM / Python
backends pass engine settings there), ``max_batch_size``, backend and platform.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from driftcheck.errors import DriftcheckError
from driftcheck.graph.model import Graph
from driftcheck.parsers.serving.common import FactSheet, read_manifest_text
from driftcheck.parsers.serving.engines import vllm_facts

_TOKEN = re.compile(
    r"""\s*(?:(\#[^\n]*)|("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|([{}\[\]:,;<>])|([^\s{}\[\]:,;<>"'\#]+))""",
    re.S,
)
MAX_DEPTH = 32


def tokenize(text: str, where: str) -> list[str]:
    out: list[str] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            if text[pos:].strip() == "":
                break
            line = text.count("\n", 0, pos) + 1  # where, not what: the text is not quoted
            col = pos - (text.rfind("\n", 0, pos) + 1) + 1
            raise DriftcheckError(f"pbtxt: unexpected text at line {line}, column {col}", where)
        pos = m.end()
        if m.group(1):
            continue
        tok = m.group(2) or m.group(3) or m.group(4)
        if tok:
            out.append(tok)
    return out


def parse_pbtxt(text: str, where: str) -> dict[str, list[Any]]:
    toks = tokenize(text, where)
    msg, i = _message(toks, 0, where, 0, closing=None)
    return msg


def _message(toks: list[str], i: int, where: str, depth: int, closing: str | None):
    if depth > MAX_DEPTH:
        raise DriftcheckError(f"pbtxt nested deeper than {MAX_DEPTH} levels", where)
    out: dict[str, list[Any]] = {}
    while i < len(toks):
        tok = toks[i]
        if closing and tok == closing:
            return out, i + 1
        if tok in (",", ";"):
            i += 1
            continue
        if not re.fullmatch(r"[A-Za-z_][\w.\[\]/]*", tok):
            raise DriftcheckError(f"pbtxt: expected a field name (token {i + 1})", where)
        i += 1
        if i < len(toks) and toks[i] == ":":
            i += 1
        if i >= len(toks):
            raise DriftcheckError(f"pbtxt: field {tok[:40]!r} has no value", where)
        value, i = _value(toks, i, where, depth)
        out.setdefault(tok, []).extend(value if isinstance(value, _List) else [value])
    if closing:
        raise DriftcheckError(f"pbtxt: missing {closing!r}", where)
    return out, i


class _List(list):
    """A ``[a, b]`` value: its items are repeated values of the field."""


def _value(toks: list[str], i: int, where: str, depth: int):
    tok = toks[i]
    if tok in ("{", "<"):
        return _message(toks, i + 1, where, depth + 1, "}" if tok == "{" else ">")
    if tok == "[":
        items = _List()
        i += 1
        while i < len(toks) and toks[i] != "]":
            if toks[i] == ",":
                i += 1
                continue
            v, i = _value(toks, i, where, depth + 1)
            items.append(v)
        if i >= len(toks):
            raise DriftcheckError("pbtxt: missing ']'", where)
        return items, i + 1
    if tok[0] in "\"'":
        return bytes(tok[1:-1], "utf-8").decode("unicode_escape", errors="replace"), i + 1
    for cast in (int, float):
        try:
            return cast(tok), i + 1
        except ValueError:
            pass
    return tok, i + 1


def _parameters(cfg: dict[str, list[Any]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for p in cfg.get("parameters", []):
        if not isinstance(p, dict):
            continue
        key = (p.get("key") or [None])[0]
        value = (p.get("value") or [None])[0]
        if isinstance(value, dict):
            value = (value.get("string_value") or [None])[0]
        if isinstance(key, str) and value is not None:
            out[key] = str(value)
    return out


# TensorRT-LLM / python-backend parameter keys -> vLLM-style option names
_ALIASES = {
    "max_seq_len": "max_model_len",
    "max_sequence_length": "max_model_len",
    "max_input_len": "max_model_len",
    "tp_size": "tensor_parallel_size",
    "pp_size": "pipeline_parallel_size",
}


def load_triton(path: Path) -> Graph:
    where = str(path)
    cfg = parse_pbtxt(read_manifest_text(path), where)
    sheet = FactSheet(where)
    params = _parameters(cfg)
    settings = {}
    for key, value in params.items():
        norm = _ALIASES.get(key, key)
        settings[norm] = (value, f"parameters.{key}")
    vllm_facts(sheet, settings, where)
    backend = (cfg.get("backend") or cfg.get("platform") or ["unknown"])[0]
    sheet.notes.append(f"engine: triton-{backend}")
    for key in ("backend", "platform", "name", "max_batch_size"):
        if cfg.get(key):
            sheet.notes.append(f"{key}: {cfg[key][0]}")
    return sheet.graph("triton-config")
