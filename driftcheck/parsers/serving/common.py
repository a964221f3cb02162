"""Shared pieces of the serving parsers: a fact collector, value normalizers, bounded YAML.

Every serving parser builds a ``Graph`` whose ``facts`` use the keys of
``driftcheck.graph.facts`` and whose ``Location``s name the manifest field the value came from,
so a drift finding can point at ``serve.yaml [max-model-len]``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from driftcheck.errors import DriftcheckError
from driftcheck.findings import Location
from driftcheck.graph.facts import FACTS
from driftcheck.graph.model import Edge, Fact, Graph, Node, Origin

MAX_MANIFEST_BYTES = 4 * 1024 * 1024
"""Manifests are small text files; anything bigger is not one (and is not read whole)."""

MAX_YAML_NODES = 200_000
"""YAML anchors can make a small file expand exponentially (billion laughs); stop walking here."""

MAX_YAML_DEPTH = 64


class FactSheet:
    """Collects facts for one artifact; each fact remembers its file and manifest field."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.facts: dict[str, Fact] = {}
        self.notes: list[str] = []

    def put(self, key: str, value: Any, field: str | None) -> None:
        if key not in FACTS:
            raise KeyError(f"not a canonical fact key: {key}")
        if value is None:
            return
        self.facts[key] = Fact(value=value, loc=Location(file=self.path, key=field))

    def get(self, key: str) -> Any:
        f = self.facts.get(key)
        return None if f is None else f.value

    def graph(
        self,
        detail: str,
        kind: str = "manifest",
        name: str | None = None,
        nodes: list[Node] | None = None,
        edges: list[Edge] | None = None,
        outputs: list[str] | None = None,
    ) -> Graph:
        """The validated graph (node ids unique, references resolve)."""
        try:
            return Graph(
                name=name or Path(self.path).name,
                origin=Origin(kind=kind, path=self.path, detail=detail),
                nodes=nodes or [],
                edges=edges or [],
                outputs=outputs or [],
                facts=dict(self.facts),
                notes=list(self.notes),
            )
        except ValidationError as e:
            msg = e.errors()[0]["msg"].removeprefix("Value error, ")
            raise DriftcheckError(f"cannot build the graph: {msg}", self.path) from None


# ----------------------------------------------------------------------------- values
_DTYPES = {
    "float16": "float16",
    "fp16": "float16",
    "half": "float16",
    "f16": "float16",
    "bfloat16": "bfloat16",
    "bf16": "bfloat16",
    "float32": "float32",
    "fp32": "float32",
    "float": "float32",
    "f32": "float32",
    "float64": "float64",
    "f64": "float64",
    "double": "float64",
    "int8": "int8",
    "i8": "int8",
    "uint8": "uint8",
    "u8": "uint8",
    "int32": "int32",
    "i32": "int32",
    "int64": "int64",
    "i64": "int64",
    "f8_e4m3": "float8_e4m3fn",
    "float8_e4m3fn": "float8_e4m3fn",
    "f8_e5m2": "float8_e5m2",
    "float8_e5m2": "float8_e5m2",
    "bool": "bool",
}


def norm_dtype(value: Any) -> str | None:
    """torch-style dtype name for the spellings configs, CLIs and file formats use.

    ``auto`` means "take the checkpoint's", so it is no fact at all (None).
    """
    if value is None:
        return None
    text = str(value).strip().lower().removeprefix("torch.")
    if text in ("", "auto", "none"):
        return None
    return _DTYPES.get(text, text)


# families whose kernels read the same checkpoint: vLLM accepts e.g. --quantization awq_marlin
# for an awq checkpoint (its override_quantization_method); TGI spells bitsandbytes variants.
_QUANT_FAMILY = {
    "awq_marlin": "awq",
    "gptq_marlin": "gptq",
    "gptq_marlin_24": "gptq",
    "gptq_bitblas": "gptq",
    "marlin": "gptq",
    "bitsandbytes-nf4": "bitsandbytes",
    "bitsandbytes-fp4": "bitsandbytes",
    "bitsandbytes_4bit": "bitsandbytes",
    "bitsandbytes_8bit": "bitsandbytes",
    "fbgemm_fp8": "fp8",
    "compressed_tensors": "compressed-tensors",
}


def norm_quant(value: Any) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    if text.lower() in ("", "none", "null", "false"):
        return None
    # GGUF file types keep their llama.cpp spelling (Q4_K_M); engine names are lower case
    return text if re.fullmatch(r"(MOSTLY_)?[A-Z0-9_]+", text) else text.lower()


def quant_family(value: str | None) -> str | None:
    if value is None:
        return None
    return _QUANT_FAMILY.get(value.lower(), value.lower())


_SUFFIX = {"k": 1000, "m": 1000_000, "g": 1000_000_000}
_BIN_SUFFIX = {"k": 1024, "m": 1024 * 1024, "g": 1024**3}


def as_int(value: Any, where: str, what: str) -> int | None:
    """An integer from a manifest value; ``32k`` / ``32K`` as vLLM reads them (1000 / 1024)."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise DriftcheckError(f"{what} must be an integer, got {value!r}", where)
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text = str(value).strip().replace("_", "")
    m = re.fullmatch(r"(-?\d+(?:\.\d+)?)([kKmMgG]?)", text)
    if not m:
        raise DriftcheckError(f"{what} must be an integer, got {str(value)[:40]!r}", where)
    num, suffix = float(m.group(1)), m.group(2)
    if suffix:
        # vLLM's human_readable_int: lower case is decimal, upper case binary
        num *= _SUFFIX[suffix] if suffix.islower() else _BIN_SUFFIX[suffix.lower()]
    if not num.is_integer():
        raise DriftcheckError(f"{what} must be an integer, got {str(value)[:40]!r}", where)
    return int(num)


def as_float(value: Any, where: str, what: str) -> float | None:
    if value is None:
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        raise DriftcheckError(f"{what} must be a number, got {str(value)[:40]!r}", where) from None


# ----------------------------------------------------------------------------- files
def read_manifest_text(path: Path) -> str:
    from driftcheck.parsers import read_text

    return read_text(path, limit=MAX_MANIFEST_BYTES)


def load_yaml(text: str, where: str) -> Any:
    """Parse YAML safely and boundedly.

    The pure-Python ``SafeLoader`` is used on purpose: libyaml's composer recurses in C and a
    100 000-deep ``[[[[...`` segfaults the process (measured with PyYAML 6.0.3); the Python one
    raises RecursionError, which becomes one clear line. The result is then walked with a node
    budget so alias bombs stop early.
    """
    import yaml

    _prescan_flow_depth(text, where)
    try:
        data = yaml.load(text, Loader=yaml.SafeLoader)  # noqa: S506 - SafeLoader
    except RecursionError:
        raise DriftcheckError("YAML nested too deeply", where) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        at = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        raise DriftcheckError(f"invalid YAML: {problem}{at}", where) from None
    check_size(data, where)
    return data


def _prescan_flow_depth(text: str, where: str) -> None:
    """Cheap guard before parsing: flow brackets nested absurdly deep (the parser would take
    seconds to hit its recursion limit). Quoted brackets may count too; the limit is generous."""
    depth = 0
    for ch in re.sub(r"[^\[\]{}]+", "", text):
        depth = depth + 1 if ch in "[{" else max(depth - 1, 0)
        if depth > 4 * MAX_YAML_DEPTH:
            raise DriftcheckError("YAML nested too deeply", where)


def check_size(data: Any, where: str) -> None:
    """Reject structures deeper than MAX_YAML_DEPTH or larger than MAX_YAML_NODES when expanded."""
    budget = MAX_YAML_NODES
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        budget -= 1
        if budget < 0:
            raise DriftcheckError(
                f"YAML expands to more than {MAX_YAML_NODES} values (alias bomb?)", where
            )
        if depth > MAX_YAML_DEPTH:
            raise DriftcheckError(f"YAML nested deeper than {MAX_YAML_DEPTH} levels", where)
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
            stack.extend((k, depth + 1) for k in item if isinstance(k, (tuple, list)))
        elif isinstance(item, (list, tuple)):
            stack.extend((v, depth + 1) for v in item)


def scalar_str(value: Any) -> str | None:
    """A scalar as text; containers are refused (they could be huge or shared)."""
    if value is None or isinstance(value, (dict, list, tuple)):
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
