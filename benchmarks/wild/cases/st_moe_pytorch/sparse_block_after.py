"""st_moe_pytorch: sparse_block_after (wild-code corpus, benchmarks/wild)."""

from st_moe_pytorch import MoE, SparseMoEBlock

model = SparseMoEBlock(MoE(dim=32, num_experts=2), add_ff_after=True)
