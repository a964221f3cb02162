from adjacent_attention_network import AdjacentAttentionNetwork

# no global (ISAB) nodes: local attention over neighbours only
model = AdjacentAttentionNetwork(
    dim=32, depth=4, dim_head=8, heads=2, attn_dropout=0.1, ff_dropout=0.1
)
