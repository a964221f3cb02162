from simple_hierarchical_transformer import HierarchicalTransformer

model = HierarchicalTransformer(
    num_tokens=1000, dim=192, depth=3, seq_len=256, heads=6, dim_head=32
)
