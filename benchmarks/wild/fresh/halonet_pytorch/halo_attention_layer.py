"""halonet_pytorch: one HaloAttention layer as in the README (fresh batch, benchmarks/wild/fresh)."""

from halonet_pytorch import HaloAttention

model = HaloAttention(dim=512, block_size=8, halo_size=4, dim_head=64, heads=4)
