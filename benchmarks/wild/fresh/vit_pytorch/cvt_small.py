"""vit_pytorch: CvT with three stages made small (fresh batch, benchmarks/wild/fresh)."""

from vit_pytorch.cvt import CvT

stage = lambda i, dim, heads, depth: {  # noqa: E731
    f"s{i}_emb_dim": dim,
    f"s{i}_heads": heads,
    f"s{i}_depth": depth,
    f"s{i}_mlp_mult": 2,
}
model = CvT(num_classes=10, **stage(1, 32, 1, 1), **stage(2, 64, 2, 1), **stage(3, 128, 4, 2))
