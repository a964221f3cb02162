"""st_moe_pytorch: sparse_block (wild-code corpus, benchmarks/wild)."""

from st_moe_pytorch import MoE, SparseMoEBlock

moe = MoE(dim=64, num_experts=4, gating_top_n=2)
model = SparseMoEBlock(moe, add_ff_before=True, add_ff_after=True)
