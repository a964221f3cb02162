from invariant_point_attention import InvariantPointAttention

model = InvariantPointAttention(
    dim=64,
    heads=8,
    scalar_key_dim=16,
    scalar_value_dim=16,
    point_key_dim=4,
    point_value_dim=4,
)
