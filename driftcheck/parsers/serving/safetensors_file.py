"""safetensors checkpoints, header only: tensor names, shapes and dtypes -> layers and facts.

The file layout is 8 bytes (little-endian u64 N), N bytes of JSON header, then raw data. Only the
header is read, after checking N against a cap and against the file's real size, so a header
that claims 100 GB costs nothing. Sharded checkpoints (``model.safetensors.index.json``) read
each shard's header. No tensor data is ever loaded.
"""

from __future__ import annotations

import json
import os
import re
import struct
from collections import Counter
from math import prod
from pathlib import Path
from typing import Any

from driftcheck import safeio
from driftcheck.errors import DriftcheckError
from driftcheck.parsers.serving.common import FactSheet, norm_dtype
from driftcheck.parsers.serving.layers import layered_container, tensor_nodes

MAX_HEADER_BYTES = 16 * 1024 * 1024
"""safetensors itself allows 100 MB; real headers are < 1 MB (a 70B shard: ~100 KB)."""

MAX_SHARDS = 4096

_ITEMSIZE = {
    "BOOL": 1, "U8": 1, "I8": 1, "F8_E4M3": 1, "F8_E5M2": 1, "F8_E8M0": 1,
    "I16": 2, "U16": 2, "F16": 2, "BF16": 2,
    "I32": 4, "U32": 4, "F32": 4,
    "I64": 8, "U64": 8, "F64": 8,
}  # fmt: skip

Shape = tuple[int, ...]


def read_header(path: Path) -> dict[str, tuple[Shape, str]]:
    """Tensor name -> (shape, safetensors dtype), validated against the file's size.

    Validated as the safetensors library validates on load: known dtypes, ``data_offsets`` that
    match ``dtype`` x ``shape`` and tile the data section exactly (sorted, each tensor starting
    where the previous ended, the last ending at the end of the file: no overlap, no gap, nothing
    past the end). Error lines never quote the file's bytes (the length field included)."""
    where = str(path)
    try:
        with safeio.open_input(path) as fh:
            size = os.fstat(fh.fileno()).st_size
            head = fh.read(8)
            if len(head) < 8:
                raise DriftcheckError("not a safetensors file (shorter than 8 bytes)", where)
            (n,) = struct.unpack("<Q", head)
            if n > MAX_HEADER_BYTES:
                raise DriftcheckError(
                    f"safetensors header length is over the {MAX_HEADER_BYTES}-byte cap "
                    "(not a safetensors file?)",
                    where,
                )
            if n > size - 8:
                raise DriftcheckError(
                    f"safetensors header runs past the end of the {size}-byte file (truncated?)",
                    where,
                )
            raw = fh.read(n)
    except OSError as e:
        raise DriftcheckError(f"cannot read: {e.strerror or type(e).__name__}", where) from None
    try:
        header = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        at = f" (byte {e.pos})" if isinstance(e, json.JSONDecodeError) else ""
        why = e.msg if isinstance(e, json.JSONDecodeError) else "not UTF-8"
        raise DriftcheckError(f"safetensors header is not valid JSON: {why}{at}", where) from None
    except RecursionError:
        raise DriftcheckError("safetensors header nested too deeply", where) from None
    if not isinstance(header, dict):
        raise DriftcheckError("safetensors header must be a JSON object", where)
    data_len = size - 8 - n
    out: dict[str, tuple[Shape, str]] = {}
    spans: list[tuple[int, int, str]] = []
    for name, info in header.items():
        if name == "__metadata__":
            continue
        shape, dtype, start, end = _entry(name, info, data_len, where)
        out[name] = (shape, dtype)
        spans.append((start, end, name))
    _check_tiling(spans, data_len, where)
    return out


def _check_tiling(spans: list[tuple[int, int, str]], data_len: int, where: str) -> None:
    """The tensors' byte ranges cover the data section exactly once, in order."""
    pos = 0
    for start, end, name in sorted(spans):
        if start < pos:
            raise DriftcheckError(
                f"safetensors tensor {name[:80]!r}: data_offsets [{start}, {end}] overlap the "
                "previous tensor's bytes",
                where,
            )
        if start > pos:
            raise DriftcheckError(
                f"safetensors tensor {name[:80]!r}: data_offsets start at {start}, leaving a "
                f"gap after byte {pos} of the data section",
                where,
            )
        pos = end
    if pos != data_len:
        raise DriftcheckError(
            f"safetensors tensors cover {pos} of the {data_len}-byte data section "
            "(the file has bytes no tensor owns)",
            where,
        )


def _entry(name: str, info: Any, data_len: int, where: str) -> tuple[Shape, str, int, int]:
    bad = f"safetensors tensor {name[:80]!r}"
    if not isinstance(info, dict):
        raise DriftcheckError(f"{bad}: entry must be an object", where)
    dtype, shape, offsets = info.get("dtype"), info.get("shape"), info.get("data_offsets")
    if dtype not in _ITEMSIZE:
        raise DriftcheckError(f"{bad}: unknown dtype {str(dtype)[:20]!r}", where)
    if (
        not isinstance(shape, list)
        or len(shape) > 16
        or not all(isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in shape)
    ):
        raise DriftcheckError(f"{bad}: shape must be a list of non-negative ints", where)
    if (
        not isinstance(offsets, list)
        or len(offsets) != 2
        or not all(isinstance(o, int) and not isinstance(o, bool) for o in offsets)
        or not 0 <= offsets[0] <= offsets[1] <= data_len
    ):
        raise DriftcheckError(
            f"{bad}: data_offsets {str(offsets)[:40]} outside the {data_len}-byte data section",
            where,
        )
    if offsets[1] - offsets[0] != prod(shape) * _ITEMSIZE[dtype]:
        raise DriftcheckError(
            f"{bad}: {offsets[1] - offsets[0]} bytes stored for shape {shape} of {dtype}", where
        )
    return tuple(shape), dtype, offsets[0], offsets[1]


def read_index(path: Path) -> dict[str, tuple[Shape, str]]:
    """All tensors of a sharded checkpoint, via its index's weight_map and each shard header."""
    from driftcheck.parsers import read_json

    where = str(path)
    data = read_json(path)
    wmap = data.get("weight_map") if isinstance(data, dict) else None
    if not isinstance(wmap, dict) or not all(isinstance(v, str) for v in wmap.values()):
        raise DriftcheckError("index has no weight_map object of tensor -> shard file", where)
    shards = sorted(set(wmap.values()))
    if len(shards) > MAX_SHARDS:
        raise DriftcheckError(f"index names {len(shards)} shards (limit {MAX_SHARDS})", where)
    out: dict[str, tuple[Shape, str]] = {}
    folder = path.parent
    seen: dict[tuple[int, int], dict[str, tuple[Shape, str]]] = {}
    for shard in shards:
        shard_path = folder / shard
        # where the bytes really are, symlinks followed: `link/passwd` with link -> /etc is
        # outside however few `..` it spells
        if Path(shard).is_absolute() or not safeio.inside(shard_path, folder):
            raise DriftcheckError(f"shard path {shard[:80]!r} leaves the checkpoint folder", where)
        if not shard_path.exists():
            raise DriftcheckError(f"shard {shard[:80]!r} named in weight_map is missing", where)
        st = safeio.check_regular(shard_path)
        ident = (st.st_dev, st.st_ino)  # one file named many ways (./a, a, .//a) is read once
        if ident not in seen:
            seen[ident] = read_header(shard_path)
        out.update(seen[ident])
    for name, shard in wmap.items():
        if name not in out:
            raise DriftcheckError(f"tensor {name[:80]!r} is not in its shard {shard[:80]!r}", where)
    return out


_QUANT_MARKERS = (
    (re.compile(r"\.g_idx$"), "gptq"),
    (re.compile(r"\.qweight$"), "awq"),
    (re.compile(r"\.(SCB|weight_format)$"), "bitsandbytes"),
    (re.compile(r"\.(absmax|quant_map|quant_state\.\w+)$"), "bitsandbytes"),
    (re.compile(r"\.(weight_scale|weight_scale_inv|input_scale)$"), "fp8"),
)


def _quantization(names: list[str]) -> str | None:
    for pattern, method in _QUANT_MARKERS:
        if any(pattern.search(n) for n in names):
            return method
    return None


def _find(tensors: dict[str, tuple[Shape, str]], pattern: str) -> tuple[str, Shape] | None:
    rx = re.compile(pattern)
    for name, (shape, _) in tensors.items():
        if rx.search(name):
            return name, shape
    return None


def checkpoint_facts(sheet: FactSheet, tensors: dict[str, tuple[Shape, str]]) -> None:
    """Facts a tensor table proves on its own (HF naming)."""
    names = list(tensors)
    sheet.put("tensorCount", len(names), "tensors")
    prefix, indices = layered_container(names)
    if prefix is not None:
        sheet.put("numLayers", len(indices), f"{prefix}.*")
    embed = _find(tensors, r"(embed_tokens|wte|word_embeddings|embed_in|tok_embeddings)\.weight$")
    if embed and len(embed[1]) == 2:
        sheet.put("vocabSize", embed[1][0], embed[0])
        sheet.put("hiddenSize", embed[1][1], embed[0])
        head = _find(tensors, r"(^|\.)(lm_head|embed_out|output)\.weight$")
        if head is None:
            sheet.put("tieWordEmbeddings", True, "lm_head.weight (absent)")
    up = _find(tensors, r"\.0\.mlp\.(gate_proj|up_proj|fc1|dense_h_to_4h)\.weight$")
    if up and len(up[1]) == 2:
        sheet.put("intermediateSize", up[1][0], up[0])
    _heads(sheet, tensors)
    quant = _quantization(names)
    sheet.put("quantization", quant, "tensor names")
    floats = Counter()
    for shape, dtype in tensors.values():
        if dtype in ("F16", "BF16", "F32", "F64", "F8_E4M3", "F8_E5M2"):
            floats[dtype] += prod(shape)
    if floats:
        sheet.put("dtype", norm_dtype(floats.most_common(1)[0][0]), "tensor dtypes")
    if quant is None:
        sheet.put("numParameters", sum(prod(s) for s, _ in tensors.values()), "tensors")


def _heads(sheet: FactSheet, tensors: dict[str, tuple[Shape, str]]) -> None:
    """Heads follow from shapes only when the head width is stored (q_norm / k_norm per head)."""
    q = _find(tensors, r"\.0\.self_attn\.q_proj\.weight$")
    k = _find(tensors, r"\.0\.self_attn\.k_proj\.weight$")
    qn = _find(tensors, r"\.0\.self_attn\.q_norm\.weight$")
    if not (q and k and qn) or len(qn[1]) != 1:
        if q and k:
            sheet.notes.append(
                "attention heads not stated: q_proj/k_proj widths "
                f"{q[1][0]}/{k[1][0]} need the head width (head_dim) to give head counts"
            )
        return
    d = qn[1][0]
    if d and q[1][0] % d == 0 and k[1][0] % d == 0 and d < q[1][0]:
        sheet.put("headDim", d, qn[0])
        sheet.put("numHeads", q[1][0] // d, q[0])
        sheet.put("numKvHeads", k[1][0] // d, k[0])


def load_safetensors(path: Path) -> Any:
    """Graph of a ``.safetensors`` file or a sharded ``*.safetensors.index.json``."""
    if path.name.endswith(".json"):
        tensors, detail = read_index(path), "safetensors-index"
    else:
        tensors, detail = read_header(path), "safetensors"
    sheet = FactSheet(str(path))
    checkpoint_facts(sheet, tensors)
    nodes = tensor_nodes({n: s for n, (s, _) in tensors.items()}, str(path))
    return sheet.graph(detail, kind="checkpoint", nodes=nodes)
