from simple_hierarchical_transformer import HierarchicalTransformer

model = HierarchicalTransformer(
    num_tokens=256,
    dim=(128, 256),
    depth=4,
    seq_len=512,
    hierarchies=(1, 2),
    window_sizes=(16, None),
    dim_head=32,
    heads=4,
)
