"""MEGABYTE_pytorch: three stages, one width for all, relative positions (fresh batch, benchmarks/wild/fresh)."""

from types import SimpleNamespace

from MEGABYTE_pytorch import MEGABYTE

cfg = SimpleNamespace(tokens=256, width=64, depths=(1, 1, 2), seq=(8, 4, 4))
model = MEGABYTE(
    num_tokens=cfg.tokens,
    dim=cfg.width,
    depth=cfg.depths,
    max_seq_len=cfg.seq,
    dim_head=16,
    heads=4,
    rel_pos=True,
    pos_emb=False,
)
