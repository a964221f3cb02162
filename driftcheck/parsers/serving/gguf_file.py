"""GGUF (llama.cpp) files: metadata keys -> facts, the tensor list -> layers.

``<arch>.block_count`` -> numLayers, ``embedding_length`` -> hiddenSize, and so on; tensor
names, shapes and ggml types give the layers. GGUF stores dims fastest-first (ggml ``ne``), so
shapes are reversed to torch order. The header is read by ``gguf_header`` (one bounded pass
over an mmap, type sizes from the ``gguf`` package) rather than ``gguf.GGUFReader``, which took
11.8 s of CPU on a 152k-token vocabulary; the tests check both agree.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from driftcheck.graph.model import Graph
from driftcheck.parsers.serving.common import FactSheet
from driftcheck.parsers.serving.gguf_header import GGUFArray, read_header
from driftcheck.parsers.serving.layers import tensor_nodes

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


def _value(v: Any) -> Any:
    """A field's value: arrays give their kept values (short numeric ones) or None."""
    return v.values if isinstance(v, GGUFArray) else v


def _type_name(code: int) -> str:
    from gguf import GGMLQuantizationType

    try:
        return GGMLQuantizationType(code).name
    except ValueError:
        return str(code)


def load_gguf(path: Path) -> Graph:
    header, _ = read_header(path)
    sheet = FactSheet(str(path))
    fields = header.fields
    arch = fields.get("general.architecture")
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
        count = tokens.length if isinstance(tokens, GGUFArray) else None
        sheet.put("tokenizerVocabSize", count, "tokenizer.ggml.tokens")
    shapes: dict[str, tuple[int, ...]] = {}
    types: Counter[str] = Counter()
    for t in header.tensors:
        shapes[t.name] = t.shape
        types[_type_name(t.type)] += 1
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
