"""GGUF (llama.cpp) files, read with the ``gguf`` package's GGUFReader (memory-mapped).

Metadata keys give the facts (``<arch>.block_count`` -> numLayers, ...); the tensor list
(names, shapes, ggml types) gives the layers. GGUF stores dims fastest-first (ggml ``ne``), so
shapes are reversed to torch order. The header counts are checked before GGUFReader runs:
it walks every key and tensor in Python, and a hostile count would make it spin.
"""

from __future__ import annotations

import struct
from collections import Counter
from pathlib import Path
from typing import Any

from driftcheck.errors import DriftcheckError
from driftcheck.graph.model import Graph
from driftcheck.parsers.serving.common import FactSheet
from driftcheck.parsers.serving.layers import tensor_nodes

MAX_COUNT = 1_000_000
_MIN_TENSOR_INFO = 8 + 8 + 4 + 4 + 8  # name length, >=1 dim... a lower bound per tensor
_MIN_KV = 8 + 1 + 4 + 1  # key length, key, type, smallest value


def _precheck(path: Path) -> None:
    where = str(path)
    try:
        size = path.stat().st_size
        with path.open("rb") as fh:
            head = fh.read(24)
    except OSError as e:
        raise DriftcheckError(f"cannot read: {e.strerror or e}", where) from None
    if len(head) < 24 or head[:4] != b"GGUF":
        raise DriftcheckError("not a GGUF file (bad magic or shorter than its header)", where)
    version, n_tensors, n_kv = struct.unpack("<IQQ", head[4:24])
    if version not in (2, 3):
        raise DriftcheckError(f"unsupported GGUF version {version}", where)
    if n_tensors > MAX_COUNT or n_kv > MAX_COUNT:
        raise DriftcheckError(f"GGUF header claims {n_tensors} tensors and {n_kv} keys", where)
    if n_tensors * _MIN_TENSOR_INFO + n_kv * _MIN_KV > size:
        raise DriftcheckError(
            f"GGUF header claims {n_tensors} tensors and {n_kv} keys, more than its {size} "
            "bytes can hold (truncated?)",
            where,
        )


def _value(field: Any) -> Any:
    try:
        return field.contents()
    except Exception:  # a field the reader cannot decode is no fact
        return None


def read_gguf(path: Path) -> Any:
    _precheck(path)
    from gguf import GGUFReader

    try:
        return GGUFReader(str(path), "r")
    except (ValueError, IndexError, KeyError, OverflowError, UnicodeDecodeError, struct.error,
            TypeError, AssertionError, OSError) as e:  # fmt: skip
        msg = str(e).splitlines()[0][:160] if str(e) else type(e).__name__
        raise DriftcheckError(
            f"not a readable GGUF file (truncated or corrupt): {msg}", str(path)
        ) from None


_ARCH_FACTS = (
    ("block_count", "numLayers"),
    ("embedding_length", "hiddenSize"),
    ("feed_forward_length", "intermediateSize"),
    ("attention.head_count", "numHeads"),
    ("attention.head_count_kv", "numKvHeads"),
    ("attention.key_length", "headDim"),
    ("context_length", "maxPositionEmbeddings"),
    ("rope.freq_base", "ropeTheta"),
    ("attention.layer_norm_rms_epsilon", "normEps"),
    ("attention.layer_norm_epsilon", "normEps"),
    ("attention.sliding_window", "slidingWindow"),
    ("vocab_size", "vocabSize"),
    ("expert_count", "numExperts"),
    ("expert_used_count", "numExpertsPerTok"),
)


def _file_type(sheet: FactSheet, code: Any) -> None:
    import gguf

    try:
        name = gguf.LlamaFileType(int(code)).name
    except (ValueError, TypeError):
        sheet.notes.append(f"unknown general.file_type {code!r}")
        return
    plain = {"ALL_F32": "float32", "MOSTLY_F16": "float16", "MOSTLY_BF16": "bfloat16"}
    if name in plain:
        sheet.put("dtype", plain[name], "general.file_type")
    else:
        sheet.put("quantization", name.removeprefix("MOSTLY_"), "general.file_type")


def load_gguf(path: Path) -> Graph:
    reader = read_gguf(path)
    sheet = FactSheet(str(path))
    fields = reader.fields
    arch = _value(fields["general.architecture"]) if "general.architecture" in fields else None
    if isinstance(arch, str):
        sheet.put("modelType", arch, "general.architecture")
        for key, fact in _ARCH_FACTS:
            full = f"{arch}.{key}"
            if full in fields and fact not in sheet.facts:
                v = _value(fields[full])
                if isinstance(v, list):  # per-layer arrays (e.g. head_count_kv): keep if uniform
                    v = v[0] if v and all(x == v[0] for x in v) else None
                if isinstance(v, float):
                    # stored as float32: 1e-5 reads back as 9.9999997e-06; keep 7 digits
                    v = float(f"{v:.7g}")
                sheet.put(fact, v, full)
        rope_type = fields.get(f"{arch}.rope.scaling.type")
        if rope_type is not None and _value(rope_type) not in (None, "none"):
            rope = {"type": _value(rope_type)}
            for k, out in (
                ("factor", "factor"),
                ("original_context_length", "original_max_position_embeddings"),
            ):
                f = fields.get(f"{arch}.rope.scaling.{k}")
                if f is not None:
                    rope[out] = _value(f)
            sheet.put("ropeScaling", rope, f"{arch}.rope.scaling.type")
    else:
        sheet.notes.append("no general.architecture: model facts not read")
    if "general.file_type" in fields:
        _file_type(sheet, _value(fields["general.file_type"]))
    tokens = fields.get("tokenizer.ggml.tokens")
    if tokens is not None:
        sheet.put("tokenizerVocabSize", len(tokens.data), "tokenizer.ggml.tokens")
    shapes: dict[str, tuple[int, ...]] = {}
    types: Counter[str] = Counter()
    for t in reader.tensors:
        shapes[t.name] = tuple(int(d) for d in reversed(t.shape.tolist()))
        types[t.tensor_type.name] += 1
    sheet.put("tensorCount", len(shapes), "tensors")
    embd = shapes.get("token_embd.weight")
    if embd is not None and len(embd) == 2 and "vocabSize" not in sheet.facts:
        sheet.put("vocabSize", embd[0], "token_embd.weight")
    if embd is not None and "output.weight" not in shapes:
        sheet.put("tieWordEmbeddings", True, "output.weight (absent)")
    if "quantization" not in sheet.facts and "dtype" not in sheet.facts:
        sheet.notes.append("tensor types: " + ", ".join(f"{k} x{v}" for k, v in types.items()))
    sheet.notes.append("tensor names are GGUF's (blk.N.attn_q ...), shapes in torch order")
    return sheet.graph("gguf", kind="checkpoint", nodes=tensor_nodes(shapes, str(path)))
