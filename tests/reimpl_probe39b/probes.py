"""reimplfix39b probes: GPT-NeoX-Japanese ports whose fused q|k|v projection is viewed with the
parts on their own (middle) axis, ``view(b, t, heads, 3, head_dim)``, taken apart in the
spellings users write (index after a permute, ``unbind``, an index on the axis, a negative
axis, ``-1`` for the heads or the head width, a transpose first). Rendered from the dev case
``benchmarks/reimpl/fresh36/cases/gpt_neox_japanese_ini.py`` (its attention's two lines
replaced); ``reference`` is the attention torch computes with ``n`` heads in transformers'
layout (``view(b, t, n, 3 * hd)`` cut into thirds), the ground truth of the head count."""

from __future__ import annotations

import math
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CASE = ROOT / "benchmarks/reimpl/fresh36/cases/gpt_neox_japanese_ini.py"
CONFIG = ROOT / "benchmarks/reimpl/fresh36/configs/gpt_neox_japanese_ini/config.json"

ORIG = """        qkv = self.query_key_value(x).view(B, T, HEADS, 3, self.hd).permute(3, 0, 2, 1, 4)
        q, k, v = rope(qkv[0], BASE), rope(qkv[1], BASE), qkv[2]
"""

SPELLINGS = {
    "permute_index": ORIG,
    "unbind": """        q, k, v = self.query_key_value(x).view(B, T, HEADS, 3, self.hd).unbind(3)
        q, k, v = rope(q.transpose(1, 2), BASE), rope(k.transpose(1, 2), BASE), v.transpose(1, 2)
""",
    "unbind_neg": """        q, k, v = self.query_key_value(x).view(B, T, HEADS, 3, self.hd).unbind(-2)
        q, k, v = rope(q.transpose(1, 2), BASE), rope(k.transpose(1, 2), BASE), v.transpose(1, 2)
""",
    "index_axis": """        qkv = self.query_key_value(x).view(B, T, HEADS, 3, self.hd)
        q = rope(qkv[:, :, :, 0].transpose(1, 2), BASE)
        k = rope(qkv[:, :, :, 1].transpose(1, 2), BASE)
        v = qkv[:, :, :, 2].transpose(1, 2)
""",
    "heads_inferred": """        qkv = self.query_key_value(x).view(B, T, -1, 3, self.hd).permute(3, 0, 2, 1, 4)
        q, k, v = rope(qkv[0], BASE), rope(qkv[1], BASE), qkv[2]
""",
    "width_inferred": """        qkv = self.query_key_value(x).view(B, T, HEADS, 3, -1).permute(3, 0, 2, 1, 4)
        q, k, v = rope(qkv[0], BASE), rope(qkv[1], BASE), qkv[2]
""",
    "transpose_first": """        qkv = self.query_key_value(x).view(B, T, HEADS, 3, self.hd).transpose(1, 3)
        q, k, v = rope(qkv[:, 0], BASE), rope(qkv[:, 1], BASE), qkv[:, 2]
""",
}


def render(spelling: str, heads: int = 4) -> str:
    text = CASE.read_text()
    assert ORIG in text and "heads = 4\n" in text
    text = text.replace(ORIG, SPELLINGS[spelling])
    return text.replace("heads = 4\n", f"heads = {heads}\n")


def write(path: Path, text: str) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    out = path / "port.py"
    out.write_text(text)
    return out


def reference(attn, x, n: int, base: float, rope):
    """The attention of module ``attn`` (the port's ``JpAttention``) computed with ``n``
    heads in transformers' GPT-NeoX-Japanese layout: per head, q | k | v of ``hd`` each."""
    import torch
    import torch.nn.functional as F

    b, t, d = x.shape
    hd = d // n
    qkv = attn.query_key_value(x).view(b, t, n, 3 * hd).permute(0, 2, 1, 3)
    q, k, v = qkv[..., :hd], qkv[..., hd : 2 * hd], qkv[..., 2 * hd :]
    q, k = rope(q, base), rope(k, base)
    s = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(hd)
    s = s.masked_fill(~torch.tril(torch.ones(t, t, dtype=torch.bool)), float("-inf"))
    y = torch.matmul(F.softmax(s, dim=-1), v).transpose(1, 2).reshape(b, t, d)
    y = attn.dense(y)
    return y + attn.out_bias if attn.out_bias is not None else y
