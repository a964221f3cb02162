"""vit_pytorch: Twins-SVT with small widths (fresh batch, benchmarks/wild/fresh)."""

from vit_pytorch.twins_svt import TwinsSVT

model = TwinsSVT(
    num_classes=10,
    s1_emb_dim=32,
    s1_depth=1,
    s2_emb_dim=64,
    s2_depth=1,
    s3_emb_dim=128,
    s3_depth=2,
    s4_emb_dim=256,
    s4_depth=1,
    peg_kernel_size=3,
    dropout=0.0,
)
